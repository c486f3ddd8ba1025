import BatonCore
import HTTP

/// The `/admin` session cookie: `HttpOnly` (no script reads it), `SameSite=Strict`
/// (no other site's page sends it), `Path=/admin`, and `Secure` except when
/// the browser talks to a loopback address over plain HTTP (`baton dev`),
/// where a `Secure` cookie would not come back. It lives as long as its
/// session (``AdminSessionStore/lifetime``) and holds only the random session
/// token, never the API key.
enum AdminSessionCookie {
    /// The cookie's name.
    static let name = "baton_admin"

    /// The session token `request` presents, or nil.
    static func token(_ request: Request) -> String? {
        guard let header = request.headers["Cookie"] else { return nil }
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name else { continue }
            return parts[1].trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    /// The `Set-Cookie` value that stores `token`.
    static func setting(_ token: String, for request: Request) -> String {
        attributes("\(name)=\(token)", maxAge: Int(AdminSessionStore.lifetime.components.seconds), request: request)
    }

    /// The `Set-Cookie` value that deletes the cookie.
    static func clearing(for request: Request) -> String {
        attributes("\(name)=", maxAge: 0, request: request)
    }

    private static func attributes(_ value: String, maxAge: Int, request: Request) -> String {
        let secure = isLoopbackDevelopment(request) ? "" : "; Secure"
        return "\(value); Path=/admin; Max-Age=\(maxAge); HttpOnly; SameSite=Strict\(secure)"
    }

    /// Whether the browser reached a loopback address directly: the `Host`
    /// header names one and the peer is one (no proxy in between, which
    /// would serve HTTPS).
    static func isLoopbackDevelopment(_ request: Request) -> Bool {
        let loopbackPeers: Set<String> = ["127.0.0.1", "::1"]
        guard loopbackPeers.contains(request.peerAddress), let host = request.headers["Host"] else { return false }
        let name = host.hasPrefix("[") ? String(host.prefix { $0 != "]" }.dropFirst()) : String(host.prefix { $0 != ":" })
        return name == "localhost" || name == "127.0.0.1" || name == "::1"
    }
}
