/// The headers the server adds to every response, each only where the
/// handler did not set it: the request id, `Server`, `Cache-Control:
/// no-store` (API answers are per-caller and must not be cached by proxies),
/// `X-Content-Type-Options: nosniff`, and on HTML a strict
/// Content-Security-Policy (no scripts, inline styles only),
/// `Referrer-Policy` and `X-Frame-Options`.
enum SecurityHeaders {
    /// The `Server` header value.
    static let serverName = "Baton"

    static let contentSecurityPolicy =
        "default-src 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    /// Defaults for every response (the first `commonCount`), then those for HTML only.
    private static let defaults = [
        ("Server", serverName), ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff"),
        ("Content-Security-Policy", contentSecurityPolicy), ("Referrer-Policy", "no-referrer"), ("X-Frame-Options", "DENY"),
    ]
    private static let commonCount = 3

    /// Hands `add` the handler's headers followed by the server's, in one
    /// pass and without building an intermediate list: this runs on every
    /// response. With `closing`, `Connection: close` replaces any handler value.
    static func emit(
        _ headers: HTTPHeaders, requestID: String, closing: Bool, into add: (_ name: String, _ value: String) -> Void
    ) {
        var present: UInt8 = 0  // bit i: defaults[i] set by the handler
        var isHTML = false
        for field in headers {
            if HTTPHeaders.sameName(field.name, "X-Request-Id") { continue }
            if closing, HTTPHeaders.sameName(field.name, "Connection") { continue }
            if HTTPHeaders.sameName(field.name, "Content-Type") { isHTML = MediaType.isHTML(field.value) }
            if let index = defaults.firstIndex(where: { HTTPHeaders.sameName($0.0, field.name) }) {
                present |= 1 << index
            }
            add(field.name, field.value)
        }
        add("X-Request-Id", requestID)
        for (index, (name, value)) in defaults.enumerated() where present & (1 << index) == 0 {
            if index >= commonCount, !isHTML { break }
            add(name, value)
        }
        if closing { add("Connection", "close") }
    }
}
