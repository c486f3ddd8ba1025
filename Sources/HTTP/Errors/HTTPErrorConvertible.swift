import BatonJSON

/// An error that knows how it reads on the wire. A handler that throws one
/// gets the JSON error body of the API (docs/api.md):
/// `{"error": {"code": code, "message": message, "details": details}}`
/// with `status` and any `responseHeaders` (such as `Retry-After`).
///
/// Anything else a handler throws becomes a 500 `internal_error` that names
/// only the request id, so internals never reach a client.
public protocol HTTPErrorConvertible: Error {
    /// The HTTP status, such as 404 or 422.
    var status: Int { get }
    /// The stable snake_case machine code, such as `invite_expired`.
    var code: String { get }
    /// A human message. It must not contain secrets; hidden characters are escaped.
    var message: String { get }
    /// Structured details for the client; empty by default.
    var details: [String: JSONValue] { get }
    /// Extra response headers, such as `Retry-After` for 429; none by default.
    var responseHeaders: [(name: String, value: String)] { get }
}

extension HTTPErrorConvertible {
    /// No details.
    public var details: [String: JSONValue] { [:] }
    /// No extra headers.
    public var responseHeaders: [(name: String, value: String)] { [] }
}
