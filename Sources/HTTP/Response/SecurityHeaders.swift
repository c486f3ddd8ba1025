/// The headers the server adds to every response, each only where the
/// handler did not set it: the request id, `Server`, `Cache-Control:
/// no-store` (API answers are per-caller and must not be cached by proxies),
/// `X-Content-Type-Options: nosniff`, and on HTML a strict
/// Content-Security-Policy (no scripts, inline styles only),
/// `Referrer-Policy` and `X-Frame-Options`.
///
/// The server's names and values are `StaticString`s: literals compiled into
/// the binary as NUL-terminated UTF-8, handed to libmicrohttpd as they are,
/// with no `String` or C-string conversion per response.
enum SecurityHeaders {
    /// A header name or value written into the program.
    typealias Constant = StaticString

    /// Defaults for every response (the first `commonCount`), then those for HTML only.
    private static let defaults: [(name: Constant, value: Constant)] = [
        ("Server", "Baton"), ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff"),
        ("Content-Security-Policy", contentSecurityPolicy),
        ("Referrer-Policy", "no-referrer"), ("X-Frame-Options", "DENY"),
    ]
    private static let commonCount = 3

    /// The policy of HTML pages: no script, inline styles, images from the page's own origin.
    static let contentSecurityPolicy: Constant =
        "default-src 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    /// What a handler's header means to the server.
    private enum Role {
        /// Replaced by the server's own id.
        case requestID
        /// Dropped when the connection is closing.
        case connection
        /// Decides whether the HTML headers are added.
        case contentType
        /// Keeps the server from adding `defaults[index]`.
        case overridesDefault(index: Int)
        case other
    }

    private static let requestIDName: Constant = "X-Request-Id"
    private static let connectionName: Constant = "Connection"

    /// Hands `add` the handler's headers followed by the server's, as C
    /// strings valid during the call, in one pass and without building an
    /// intermediate list: this runs on every response. With `closing`,
    /// `Connection: close` replaces any handler value.
    static func emit(
        _ headers: HTTPHeaders, requestID: String, closing: Bool,
        into add: (_ name: UnsafePointer<CChar>, _ value: UnsafePointer<CChar>) -> Void
    ) {
        var present: UInt8 = 0 // bit i: defaults[i] set by the handler
        var isHTML = false
        for field in headers {
            switch role(of: field.name) {
            case .requestID: continue
            case .connection where closing: continue
            case .contentType: isHTML = MediaType.isHTML(field.value)
            case .overridesDefault(let index): present |= 1 << index
            case .connection, .other: break
            }
            field.name.withCString { name in field.value.withCString { add(name, $0) } }
        }
        requestID.withCString { add(cString(requestIDName), $0) }
        for (index, header) in defaults.enumerated() where present & (1 << index) == 0 {
            if index >= commonCount, !isHTML { break }
            add(cString(header.name), cString(header.value))
        }
        if closing { add(cString(connectionName), cString("close")) }
    }

    /// The role of a handler's header `name`, found with one look at its
    /// bytes; names compare ASCII case-insensitively.
    private static func role(of name: String) -> Role {
        var name = name
        return name.withUTF8 { bytes in
            if HTTPHeaders.sameName(bytes, requestIDName) { return .requestID }
            if HTTPHeaders.sameName(bytes, connectionName) { return .connection }
            if HTTPHeaders.sameName(bytes, "Content-Type") { return .contentType }
            if let index = defaults.firstIndex(where: { HTTPHeaders.sameName(bytes, $0.name) }) {
                return .overridesDefault(index: index)
            }
            return .other
        }
    }

    /// A literal's bytes as the NUL-terminated C string the compiler stored.
    private static func cString(_ text: Constant) -> UnsafePointer<CChar> {
        UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
    }
}
