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

    /// The line, without a newline.
    func line() -> String {
        let milliseconds = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        let level = status >= 500 || status == 0 ? "error" : status >= 400 ? "warn" : "info"
        var out = #"{"ts":"# + SafeText.jsonQuoted(timestamp.formatted(JSONCoding.timestampStyle))
        out += #","level":"# + SafeText.jsonQuoted(level)
        out += #","msg":"# + SafeText.jsonQuoted(outcome)
        out += #","request_id":"# + SafeText.jsonQuoted(requestID)
        out += #","method":"# + SafeText.jsonQuoted(method)
        out += #","route":"# + (route.map { SafeText.jsonQuoted($0) } ?? "null")
        out += #","status":"# + String(status)
        out += #","bytes":"# + String(bytes)
        out += #","duration_ms":"# + String(format: "%.3f", milliseconds)
        out += #","client":"# + SafeText.jsonQuoted(client)
        if let failure { out += #","error_type":"# + SafeText.jsonQuoted(failure) }
        return out + "}"
    }
}
