/// Letting one HTML page run its own inline scripts, and nothing else.
extension Response {
    /// Sets this page's Content-Security-Policy to the server's HTML policy
    /// plus `script-src` for exactly the given hashes (`sha256-…` source
    /// expressions, without quotes): an inline script runs only when its
    /// bytes hash to one of them, so an injected script never does.
    public mutating func allowInlineScripts(hashes: [String]) {
        let sources = hashes.map { "'\($0)'" }.joined(separator: " ")
        headers.set("Content-Security-Policy", "script-src \(sources); \(SecurityHeaders.contentSecurityPolicy)")
    }
}
