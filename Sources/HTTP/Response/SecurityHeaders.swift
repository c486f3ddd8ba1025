/// Headers every response gets from the server, filled in only where the
/// handler did not set them.
enum SecurityHeaders {
    /// The `Server` header value.
    static let serverName = "Baton"

    /// Adds the common headers to `response`: `Cache-Control: no-store` (API
    /// answers are per-caller and must not be cached by proxies), and on HTML
    /// a strict Content-Security-Policy (no scripts, inline styles only),
    /// `X-Content-Type-Options`, `Referrer-Policy` and `X-Frame-Options`.
    static func apply(to headers: inout HTTPHeaders, requestID: String) {
        headers.set("X-Request-Id", requestID)
        headers.setDefault("Server", serverName)
        headers.setDefault("Cache-Control", "no-store")
        headers.setDefault("X-Content-Type-Options", "nosniff")
        guard let type = headers["Content-Type"], MediaType.essence(of: type) == MediaType.html else { return }
        headers.setDefault(
            "Content-Security-Policy",
            "default-src 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
        )
        headers.setDefault("Referrer-Policy", "no-referrer")
        headers.setDefault("X-Frame-Options", "DENY")
    }
}
