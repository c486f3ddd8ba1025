/// The start most route suites share: one app and one keep-alive client.
extension TestApp {
    /// A started app and a client with its admin key, or with no key when
    /// `anonymous` (for the public routes). `rateLimited: false` turns the
    /// limits off, since a suite's one client sends every request from one
    /// address and the limits have suites of their own (RateLimitRoutesTests);
    /// `environment` adds settings as in `init`.
    static func withClient(
        rateLimited: Bool = true, environment: [String: String] = [:], anonymous: Bool = false, _ label: String = #fileID
    ) throws -> (TestApp, HTTPTestClient) {
        let limits = rateLimited ? [:] : ["BATON_RATE_LIMITS": "off"]
        let app = try TestApp(environment: limits.merging(environment) { $1 }, label)
        let client = try app.client()
        if anonymous { client.apiKey = nil }
        return (app, client)
    }
}
