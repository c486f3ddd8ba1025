import BatonCore
import Foundation
import Testing

@Suite("Failed API-key attempts are rate-limited per address", .timeLimit(.minutes(10)))
struct AuthFailureLimitTests {
    /// A well-formed key that no row has.
    static func randomKey() -> String { APIKey.generate().text }

    @Test("past the budget an address's key guesses get 429 without a database read, and other addresses are unaffected")
    func guessesAreLimited() throws {
        let app = try TestApp(environment: ["BATON_RATE_LIMITS": "auth_failures=5/min", "BATON_TRUSTED_PROXIES": "127.0.0.1"])
        let client = try app.client()
        let guesser = [("X-Forwarded-For", "203.0.113.9")]
        for _ in 0..<5 {
            client.apiKey = Self.randomKey()
            #expect(try client.get("/v1/invites", headers: guesser).status == 401)
        }
        let readsBefore = app.app.apiKeyCache.statistics.reads
        for _ in 0..<50 {
            client.apiKey = Self.randomKey()
            let limited = try client.get("/v1/invites", headers: guesser)
            #expect(limited.status == 429)
            #expect(limited.errorDetails["limit"] as? String == "auth_failures")
            #expect(Int(limited.header("Retry-After") ?? "") ?? 0 >= 1)
        }
        #expect(app.app.apiKeyCache.statistics.reads == readsBefore)
        client.apiKey = app.adminKey
        #expect(try client.get("/v1/invites", headers: [("X-Forwarded-For", "203.0.113.10")]).status == 200)
    }

    @Test("a live key's successes spend nothing of the failure budget")
    func successesAreFree() throws {
        let app = try TestApp(environment: ["BATON_RATE_LIMITS": "auth_failures=2/min"])
        let client = try app.client()
        for _ in 0..<10 { #expect(try client.get("/v1/invites").status == 200) }
        client.apiKey = Self.randomKey()
        #expect(try client.get("/v1/invites").status == 401)
        #expect(try client.get("/v1/invites").status == 401)
        #expect(try client.get("/v1/invites").status == 429)
    }

    @Test("wrong admin passwords count against the same budget")
    func adminPasswordsCount() throws {
        let app = try TestApp(environment: ["BATON_RATE_LIMITS": "auth_failures=2/min"])
        let client = try app.client()
        client.apiKey = nil
        let basic = [("Authorization", "Basic " + Data("ops:\(Self.randomKey())".utf8).base64EncodedString())]
        #expect(try client.get("/admin", headers: basic).status == 401)
        #expect(try client.get("/admin", headers: basic).status == 401)
        #expect(try client.get("/admin", headers: basic).status == 429)
    }
}
