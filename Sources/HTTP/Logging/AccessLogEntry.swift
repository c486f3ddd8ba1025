import BatonJSON
import Foundation
import SafeText

/// One access log line: a JSON object with fixed keys, every string escaped
/// with `SafeText.jsonQuoted` so hidden characters from a client (in the
/// method, request id or forwarded address) cannot reach a terminal raw.
///
/// `route` is the matched pattern (`/v1/invites/:id`), never the raw path,
/// so credentials in paths do not land in logs; null when nothing matched.
/// `status` is 0 when the connection ended before a response was sent.
struct AccessLogEntry {
    var timestamp: Date
    var requestID: String
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
        let capacity = 256 + outcome.utf8CodeUnitCount + 6 * untrusted
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
