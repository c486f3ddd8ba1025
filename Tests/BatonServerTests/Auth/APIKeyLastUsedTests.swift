import BatonCore
import BatonTestSupport
import Foundation
import Postgres
import Testing

@Suite("api_keys.last_used_at", .timeLimit(.minutes(10)))
struct APIKeyLastUsedTests {
    /// The key's `last_used_at`, nil while it was never written.
    static func lastUsed(_ app: TestApp, key: String) throws -> Date? {
        let publicID = try APIKey(parsing: key).publicID
        return try app.withConnection {
            try $0.query("SELECT last_used_at FROM baton.api_keys WHERE public_id = $1", [publicID])[0].decode(Date?.self, at: 0)
        }
    }

    @Test("a request with a key writes its last_used_at soon after, once for a burst of requests, and the cached key stays cached")
    func writtenOnceAfterUse() throws {
        let app = try TestApp(environment: ["BATON_RATE_LIMITS": "off"])
        let key = try app.makeKey([.invitesRead])
        let client = try app.client(apiKey: key)
        #expect(try Self.lastUsed(app, key: key) == nil)
        let before = Date().addingTimeInterval(-1)
        try #require(try client.get("/v1/invites").status == 200)
        try #require(eventually(within: 20) { (try? Self.lastUsed(app, key: key)) != nil })
        let first = try #require(try Self.lastUsed(app, key: key))
        #expect(first >= before)
        let notifications = app.app.apiKeyCache.statistics.notifications
        for _ in 0..<5 { #expect(try client.get("/v1/invites").status == 200) }
        // A window in which no second write or notification may happen.
        Thread.sleep(forTimeInterval: 1.5)
        #expect(try Self.lastUsed(app, key: key) == first)
        #expect(app.app.apiKeyCache.statistics.notifications == notifications)
    }
}
