/// Headers every response gets from the server, filled in only where the
/// handler did not set them.
enum SecurityHeaders {
    /// The `Server` header value.
    static let serverName = "Baton"

    static let contentSecurityPolicy =
        "default-src 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    /// Added to every response unless the handler set them.
    static let common = [("Server", serverName), ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff")]

    /// Added to HTML responses unless the handler set them.
    static let html = [
        ("Content-Security-Policy", contentSecurityPolicy), ("Referrer-Policy", "no-referrer"), ("X-Frame-Options", "DENY"),
    ]

    /// Adds the common headers to `headers`: the request id, `Server`,
    /// `Cache-Control: no-store` (API answers are per-caller and must not be
    /// cached by proxies), `X-Content-Type-Options: nosniff`, and on HTML a
    /// strict Content-Security-Policy (no scripts, inline styles only),
    /// `Referrer-Policy` and `X-Frame-Options`.
    static func apply(to headers: inout HTTPHeaders, requestID: String) {
        headers.set("X-Request-Id", requestID)
        let isHTML = headers["Content-Type"].map(MediaType.isHTML) ?? false
        for (name, value) in common { headers.setDefault(name, value) }
        guard isHTML else { return }
        for (name, value) in html { headers.setDefault(name, value) }
    }
}
