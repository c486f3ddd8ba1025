import HTTP

/// 503 `unavailable`: the database is unreachable, the pool is exhausted or a
/// statement timed out. Clients should retry after `Retry-After` seconds.
public struct ServiceUnavailable: HTTPErrorConvertible, Equatable {
    /// The database error's stable code, such as `connection_failure`.
    public let reason: String

    public var status: Int { 503 }
    public var code: String { "unavailable" }
    public var message: String { "the service is temporarily unavailable; retry shortly" }
    public var details: [String: JSONValue] { ["reason": .string(reason)] }
    public var responseHeaders: [(name: String, value: String)] { [("Retry-After", "1")] }
}
