import BatonJSON

/// The errors of the HTTP layer itself, each with its stable wire code.
/// Handlers may throw these too (for example `invalidRequest` for a body
/// that is not the expected JSON).
public struct HTTPError: HTTPErrorConvertible, Equatable, Sendable {
    /// The HTTP status.
    public var status: Int
    /// The stable machine code.
    public var code: String
    /// The human message.
    public var message: String
    /// Structured details.
    public var details: [String: JSONValue]
    /// Extra headers, such as `Allow` on 405.
    public var headers: [String: String]

    /// An error with the given parts.
    public init(
        status: Int, code: String, message: String,
        details: [String: JSONValue] = [:], headers: [String: String] = [:]
    ) {
        self.status = status
        self.code = code
        self.message = message
        self.details = details
        self.headers = headers
    }

    /// `headers` in a stable order.
    public var responseHeaders: [(name: String, value: String)] {
        headers.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
    }

    /// 400 `invalid_request`: the request is malformed; `message` says how.
    public static func invalidRequest(_ message: String, details: [String: JSONValue] = [:]) -> HTTPError {
        HTTPError(status: 400, code: "invalid_request", message: message, details: details)
    }

    /// 400 `ambiguous_framing`: the request's `Content-Length` and
    /// `Transfer-Encoding` do not say unambiguously where its body ends
    /// (see `RequestFraming`); the connection is closed after the answer.
    public static let ambiguousFraming = HTTPError(
        status: 400, code: "ambiguous_framing",
        message: "The request's Content-Length and Transfer-Encoding headers do not say unambiguously where its body ends."
    )

    /// 404 `not_found`: no route has this path.
    public static let notFound = HTTPError(status: 404, code: "not_found", message: "No such resource.")

    /// 405 `method_not_allowed` with the `Allow` header listing `allowed`.
    public static func methodNotAllowed(allowed: [String]) -> HTTPError {
        HTTPError(
            status: 405, code: "method_not_allowed", message: "This resource does not support that method.",
            details: ["allowed": .array(allowed.map(JSONValue.string))],
            headers: ["Allow": allowed.joined(separator: ", ")]
        )
    }

    /// 413 `request_too_large`: the body is longer than the route's `limit`.
    public static func requestTooLarge(limit: Int) -> HTTPError {
        HTTPError(
            status: 413, code: "request_too_large", message: "The request body is too large.",
            details: ["limit_bytes": .int(limit)]
        )
    }

    /// 414 `uri_too_long`: the request target is longer than `limit`.
    public static func uriTooLong(limit: Int) -> HTTPError {
        HTTPError(
            status: 414, code: "uri_too_long", message: "The request URI is too long.",
            details: ["limit_bytes": .int(limit)]
        )
    }

    /// 415 `unsupported_media_type`: the body's type is not one of `accepted`.
    public static func unsupportedMediaType(accepted: [String]) -> HTTPError {
        HTTPError(
            status: 415, code: "unsupported_media_type", message: "The request body has an unsupported content type.",
            details: ["accepted": .array(accepted.map(JSONValue.string))]
        )
    }

    /// 431 `headers_too_large`: the request headers exceed `limit` bytes.
    public static func headersTooLarge(limit: Int) -> HTTPError {
        HTTPError(
            status: 431, code: "headers_too_large", message: "The request headers are too large.",
            details: ["limit_bytes": .int(limit)]
        )
    }

    /// 503 `unavailable`: the service cannot answer now; retry later.
    public static func unavailable(retryAfterSeconds: Int? = nil) -> HTTPError {
        HTTPError(
            status: 503, code: "unavailable", message: "The service is unavailable; retry later.",
            headers: retryAfterSeconds.map { ["Retry-After": String($0)] } ?? [:]
        )
    }

    /// 500 `internal_error`: something failed inside; the request id lets an
    /// operator find the log line, and nothing else is revealed.
    public static func internalError(requestID: String) -> HTTPError {
        HTTPError(
            status: 500, code: "internal_error", message: "Internal error.",
            details: ["request_id": .string(requestID)]
        )
    }
}
