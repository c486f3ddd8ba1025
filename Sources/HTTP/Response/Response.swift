import BatonJSON
import Foundation

/// One HTTP response: status, headers and body bytes.
///
/// The server adds what every response carries (`X-Request-Id`, `Server`,
/// `Date`, `Content-Length`, `Cache-Control: no-store` unless set, and the
/// security headers on HTML); handlers set only what is specific to them.
public struct Response: Sendable {
    /// The status code.
    public var status: Int
    /// The headers set by the handler.
    public var headers: HTTPHeaders
    /// The body bytes. For `HEAD` the length is sent and the bytes are not.
    public var body: Data
    /// The API error code when made by ``error(_:)``, for a ``RequestObserver``.
    var errorCode: String?

    /// A response with the given parts.
    public init(status: Int = 200, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// `value` as JSON with the API's configuration (`JSONCoding`), strings
    /// hardened against hidden characters.
    ///
    /// - Throws: the encoder's error for a value that cannot be encoded
    ///   (a non-finite number); the server turns it into a 500.
    public static func json(_ value: some Encodable, status: Int = 200) throws -> Response {
        Response(status: status, headers: jsonHeaders, body: try JSONCoding.encode(value))
    }

    /// JSON bytes a handler wrote itself, for a hot route where
    /// `JSONEncoder` costs too much. The caller keeps the API's conventions
    /// (snake_case keys, `JSONCoding.timestampStyle` dates) and escapes
    /// strings with `SafeText.jsonQuoted`, as ``json(_:status:)`` would.
    public static func json(encoded body: Data, status: Int = 200) -> Response {
        Response(status: status, headers: jsonHeaders, body: body)
    }

    /// Plain UTF-8 text.
    public static func text(_ text: String, status: Int = 200) -> Response {
        Response(status: status, headers: textHeaders, body: utf8Data(text))
    }

    /// An HTML page; the server adds the security headers (see `SecurityHeaders`).
    public static func html(_ html: String, status: Int = 200) -> Response {
        Response(status: status, headers: htmlHeaders, body: utf8Data(html))
    }

    /// 204 No Content.
    public static let noContent = Response(status: 204)

    /// The API error body (docs/api.md) for `error`, with its status and headers.
    public static func error(_ error: some HTTPErrorConvertible) -> Response {
        let body = ErrorBody(error: .init(code: error.code, message: error.message, details: error.details))
        var headers = jsonHeaders
        for header in error.responseHeaders { headers.set(header.name, header.value) }
        // Encoding strings and JSONValue cannot fail; the fallback keeps the shape anyway.
        let data =
            (try? JSONCoding.encode(body)) ?? Data(#"{"error":{"code":"internal_error","details":{},"message":"Internal error."}}"#.utf8)
        var response = Response(status: error.status, headers: headers, body: data)
        response.errorCode = error.code
        return response
    }

    static let jsonContentType = "application/json; charset=utf-8"

    /// Each kind's headers, made once and shared (the list is copied only
    /// when a handler changes it): building them per response cost two
    /// allocations.
    private static let jsonHeaders = HTTPHeaders([("Content-Type", jsonContentType)])
    private static let textHeaders = HTTPHeaders([("Content-Type", "text/plain; charset=utf-8")])
    private static let htmlHeaders = HTTPHeaders([("Content-Type", "text/html; charset=utf-8")])

    /// `text`'s UTF-8 bytes, copied from its storage: `Data(text.utf8)`
    /// looks for a contiguous buffer with a dynamic cast per call.
    private static func utf8Data(_ text: String) -> Data {
        var text = text
        return text.withUTF8 { Data(buffer: $0) }
    }
}

/// `{"error": {"code", "message", "details"}}`.
private struct ErrorBody: Encodable {
    struct Detail: Encodable {
        var code: String
        var message: String
        var details: [String: JSONValue]
    }

    var error: Detail
}
