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
    var outcome: String
    /// The type of a non-API error a handler threw; its description is not
    /// logged, since it may hold query parameters or other secrets.
    var failure: String?

    /// The line, without a newline. Written straight into one byte buffer:
    /// it is built once per request, and intermediate strings showed up as
    /// a large share of the server's per-request cost.
    func line() -> String {
        let level = status >= 500 || status == 0 ? "error" : status >= 400 ? "warn" : "info"
        var out: [UInt8] = []
        out.reserveCapacity(320)
        key("{\"ts\":", &out)
        out.append(UInt8(ascii: "\""))
        LogTimestamp.appendISO8601(timestamp, to: &out)
        out.append(UInt8(ascii: "\""))
        key(",\"level\":", &out)
        quoted(level, &out)
        key(",\"msg\":", &out)
        quoted(outcome, &out)
        key(",\"request_id\":", &out)
        quoted(requestID, &out)
        key(",\"method\":", &out)
        quoted(method, &out)
        key(",\"route\":", &out)
        if let route { quoted(route, &out) } else { key("null", &out) }
        key(",\"status\":", &out)
        LogTimestamp.appendDecimal(status, to: &out)
        key(",\"bytes\":", &out)
        LogTimestamp.appendDecimal(bytes, to: &out)
        key(",\"duration_ms\":", &out)
        LogTimestamp.appendMilliseconds(duration, to: &out)
        key(",\"client\":", &out)
        quoted(client, &out)
        if let failure {
            key(",\"error_type\":", &out)
            quoted(failure, &out)
        }
        out.append(UInt8(ascii: "}"))
        return String(decoding: out, as: UTF8.self)
    }

    private func key(_ text: StaticString, _ out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Printable ASCII without quote or backslash is copied as is (the
    /// common case); anything else goes through `SafeText.jsonQuoted`.
    private func quoted(_ value: String, _ out: inout [UInt8]) {
        var value = value
        let copied = value.withUTF8 { bytes in
            let isPlain = bytes.allSatisfy {
                (0x20...0x7E).contains($0) && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\")
            }
            guard isPlain else { return false }
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: bytes)
            out.append(UInt8(ascii: "\""))
            return true
        }
        if !copied { out.append(contentsOf: SafeText.jsonQuoted(value).utf8) }
    }
}
