import BatonCore
import BatonTestSupport
import Foundation
import Postgres
import PrometheusTestSupport
import Synchronization
import Testing

@Suite("API keys cached by the server", .timeLimit(.minutes(10)))
struct APIKeyCacheRoutesTests {
    /// A started app whose key cache listens, without rate limits (one
    /// key hammers a route, and an unknown one starts the cache).
    private func start() throws -> TestApp {
        let app = try TestApp(environment: ["BATON_RATE_LIMITS": "off"])
        let client = try app.client(apiKey: APIKey.generate().text)
        // Requests that read a key's row send the cache's probe until it returns.
        try #require(
            eventually {
                _ = try? client.get("/v1/invites")
                return app.app.apiKeyCache.statistics.isListening
            })
        return app
    }

    /// A started app, a key with `invites:read` whose row the server has
    /// cached, and a client using that key.
    private func startWithCachedKey() throws -> (TestApp, String, HTTPTestClient) {
        let app = try start()
        let key = try app.makeKey([.invitesRead])
        let client = try app.client(apiKey: key)
        try #require(try client.get("/v1/invites").status == 200)
        return (app, key, client)
    }

    /// Runs `change` on a session of its own, as `baton keys revoke` does.
    private func onAnotherSession(_ app: TestApp, _ change: (PostgresConnection) throws -> Void) throws {
        let connection = try PostgresConnection(app.app.configuration.databaseURL)
        defer { connection.close() }
        try change(connection)
    }

    @Test("a cached key is answered from memory, and refused with 401 within 2 s of its revocation elsewhere")
    func revokedKeyIsRefused() throws {
        let (app, key, client) = try startWithCachedKey()
        let before = app.app.apiKeyCache.statistics
        #expect(try client.get("/v1/invites").status == 200)
        #expect(app.app.apiKeyCache.statistics.hits == before.hits + 1)
        #expect(app.app.apiKeyCache.statistics.reads == before.reads)
        try onAnotherSession(app) { _ = try app.app.apiKeys.revoke(publicID: try APIKey(parsing: key).publicID, on: $0) }
        #expect(eventually(within: 2) { (try? client.get("/v1/invites").status) == 401 })
    }

    @Test("a cached key whose scope is taken away elsewhere gets 403 within 2 s")
    func scopeChangeIsSeen() throws {
        let (app, key, client) = try startWithCachedKey()
        try onAnotherSession(app) {
            try $0.query("UPDATE baton.api_keys SET scopes = '{metrics:read}' WHERE public_id = $1", [try APIKey(parsing: key).publicID])
        }
        #expect(eventually(within: 2) { (try? client.get("/v1/invites").status) == 403 })
    }

    @Test("/metrics shows the cache on and where each key's row came from")
    func metricsShowTheCache() throws {
        let (app, _, client) = try startWithCachedKey()
        #expect(try client.get("/v1/invites").status == 200)
        let statistics = app.app.apiKeyCache.statistics
        let scraper = try app.client()
        let (_, parsed) = try scraper.scrape()
        #expect(parsed.value("baton_api_key_cache_enabled", [:]) == 1)
        let fromCache = try #require(parsed.value("baton_api_key_lookups_total", ["source": "cache"]))
        let fromDatabase = try #require(parsed.value("baton_api_key_lookups_total", ["source": "database"]))
        // The scrape's own admin key was presented after `statistics` was read.
        #expect(fromCache + fromDatabase == Double(statistics.lookups + 1))
        #expect(fromCache >= Double(statistics.hits) && fromCache >= 1)
        #expect(parsed.familiesMissingMetadata.isEmpty)
    }

    /// What the hammering threads saw: when each request began and its status.
    final class Hammer: Sendable {
        private let outcomes = Mutex<[(startedAt: ContinuousClock.Instant, status: Int)]>([])
        private let stopped = Mutex(false)

        /// Sends `GET /v1/invites` with `key` until stopped, recording each outcome.
        func run(port: UInt16, key: String) {
            guard let client = try? HTTPTestClient(port: port, apiKey: key) else { return }
            while !stopped.withLock({ $0 }) {
                let startedAt = ContinuousClock.now
                let status = (try? client.get("/v1/invites").status) ?? -1
                outcomes.withLock { $0.append((startedAt, status)) }
            }
        }

        func stop() { stopped.withLock { $0 = true } }

        /// The statuses of requests begun after `instant`.
        func statuses(after instant: ContinuousClock.Instant = .now - .seconds(3600)) -> [Int] {
            outcomes.withLock { all in all.filter { $0.startedAt > instant }.map(\.status) }
        }
    }

    @Test("while threads hammer a route, no request begun after the revocation's notification arrived succeeds")
    func revocationRace() throws {
        let app = try start()
        let key = try app.makeKey([.invitesRead])
        let hammer = Hammer()
        let port = app.port
        let threads = (0..<4).map { _ in onThread { hammer.run(port: port, key: key) } }
        defer { hammer.stop() }
        try #require(eventually { hammer.statuses().count(where: { $0 == 200 }) >= 100 })
        let notified = app.app.apiKeyCache.statistics.notifications
        try onAnotherSession(app) { _ = try app.app.apiKeys.revoke(publicID: try APIKey(parsing: key).publicID, on: $0) }
        try #require(eventually(within: 2) { app.app.apiKeyCache.statistics.notifications > notified })
        let seen = ContinuousClock.now
        #expect(eventually { hammer.statuses(after: seen).count >= 4 })
        hammer.stop()
        threads.forEach { $0.wait() }
        let after = hammer.statuses(after: seen)
        #expect(after.allSatisfy { $0 == 401 }, "statuses after the notification: \(Set(after))")
        #expect(app.app.apiKeyCache.statistics.hits > 0)
    }
}
