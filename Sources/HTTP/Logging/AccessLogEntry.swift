import BatonJSON
import Foundation
import SafeText
import Telemetry

/// One access log line: a JSON object with fixed keys, every string escaped
/// with `SafeText.jsonQuoted` so hidden characters from a client (in the
/// method, request id or forwarded address) cannot reach a terminal raw.
///
/// `route` is the matched pattern (`/v1/invites/:id`), never the raw path,
/// so credentials in paths do not land in logs; null when nothing matched.
/// `trace_id` and `span_id` name the request's server span (null before
/// the head was read), so a line leads to its trace and the trace to its line.
/// `status` is 0 when the connection ended before a response was sent.
struct AccessLogEntry {
    var timestamp: Date
    var requestID: String
    var trace: TraceContext?
    var method: String
    var route: String?
    var status: Int
    var bytes: Int
    var duration: Duration
    var client: String
    /// The message, one of the server's own: written as it is.
    var outcome: StaticString
    /// The type of a non-API error a handler threw; its description is not
    /// logged, since it may hold query parameters or other secrets.
    var failure: String?

    /// The line, without a newline.
    func line() -> String {
        withLine { String(decoding: $0, as: UTF8.self) }
    }

    /// Hands `body` the line's UTF-8 bytes, without a newline, valid only
    /// during the call. Written into a temporary buffer (on the stack for any
    /// ordinary line): it is built once per request, and the heap string it
    /// used to be, with its UTF-8 check, was a visible share of the server's
    /// per-request cost.
    func withLine<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let level: StaticString = status >= 500 || status == 0 ? "error" : status >= 400 ? "warn" : "info"
        // JSON escaping grows text at most sixfold (a control byte becomes `\u001B`).
        let untrusted =
            requestID.utf8.count + method.utf8.count + (route?.utf8.count ?? 0) + client.utf8.count
            + (failure?.utf8.count ?? 0)
        let capacity = 320 + outcome.utf8CodeUnitCount + 6 * untrusted
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var out = ByteWriter(buffer)
            out.write("{\"ts\":\"")
            out.writeTimestamp(timestamp)
            out.write("\",\"level\":\"")
            out.write(level)
            out.write("\",\"msg\":\"")
            out.write(outcome)
            out.write("\",\"request_id\":")
            out.writeQuoted(requestID)
            if let trace {
                out.write(",\"trace_id\":\"")
                out.writeHex(trace.traceID.high)
                out.writeHex(trace.traceID.low)
                out.write("\",\"span_id\":\"")
                out.writeHex(trace.spanID.value)
                out.write("\"")
            } else {
                out.write(",\"trace_id\":null,\"span_id\":null")
            }
            out.write(",\"method\":")
            out.writeQuoted(method)
            out.write(",\"route\":")
            if let route { out.writeQuoted(route) } else { out.write("null") }
            out.write(",\"status\":")
            out.writeDecimal(status)
            out.write(",\"bytes\":")
            out.writeDecimal(bytes)
            out.write(",\"duration_ms\":")
            out.writeMilliseconds(duration)
            out.write(",\"client\":")
            out.writeQuoted(client)
            if let failure {
                out.write(",\"error_type\":")
                out.writeQuoted(failure)
            }
            out.write("}")
            return body(UnsafeBufferPointer(rebasing: buffer[..<out.count]))
        }
    }
}

extension ByteWriter {
    /// `value` as 16 lowercase hex digits, as trace context writes ids.
    fileprivate mutating func writeHex(_ value: UInt64) {
        for shift in stride(from: 60, through: 0, by: -4) {
            let nibble = UInt8(truncatingIfNeeded: (value >> UInt64(shift)) & 0xF)
            write(byte: nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10)
        }
    }
}
