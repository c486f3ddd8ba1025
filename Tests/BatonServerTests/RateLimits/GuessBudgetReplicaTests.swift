import BatonTestSupport
import Foundation
import Testing

/// Three `baton serve` processes on one database, as behind a balancer: the
/// budget of failed typed-code lookups is one, not one per replica.
@Suite("Guess budget across replicas", .serialized, .timeLimit(.minutes(10)))
struct GuessBudgetReplicaTests {
    /// The replicas' flush interval, in milliseconds.
    static let flushMilliseconds = 100

    /// Three replicas of `app`'s database with `limits`, believing
    /// `X-Forwarded-For` from loopback. Windows are days, so that a test
    /// crosses a window's end only around midnight UTC.
    static func replicas(of app: TestApp, limits: String) throws -> [ServeProcess] {
        try (0..<3).map { _ in
            try ServeProcess(
                databaseURL: app.app.configuration.databaseURL,
                settings: [
                    "BATON_RATE_LIMITS": limits, "BATON_TRUSTED_PROXIES": "127.0.0.1",
                    "BATON_GUESS_BUDGET_FLUSH_MS": String(flushMilliseconds),
                ])
        }
    }

    /// Waits until the failures counted in the `v4:` buckets reach `failures`
    /// (the replica that counted the last one has flushed it), then for the
    /// other replicas' next flush, which reads it: no replica reports its
    /// flushes, so that half is a wait of two intervals, twice the one
    /// docs/redemption.md promises.
    static func converge(_ app: TestApp, failures: Int, bucket: String = "v4:%") throws {
        let flushed = try eventually(within: 10) {
            try app.count("SELECT coalesce(sum(count), 0)::int FROM baton.guess_budget WHERE bucket LIKE '\(bucket)'") == failures
        }
        #expect(flushed, "\(failures) failure(s) never reached baton.guess_budget")
        Thread.sleep(forTimeInterval: 2 * Double(flushMilliseconds) / 1000)
    }

    @Test("failures spread over three replicas spend one global budget, refused on all of them")
    func oneGlobalBudget() throws {
        let app = try TestApp()
        let unused = try RateLimitRoutesTests.unusedCode(app)
        let replicas = try Self.replicas(of: app, limits: "code=100/min,code_failures=4/day,client_code_failures=20/day")
        let clients = try replicas.map { try HTTPTestClient(port: $0.port) }
        func preview(_ code: String, from address: String, on replica: Int) throws -> HTTPTestClient.Response {
            try clients[replica % 3].get("/v1/invites/\(code)/preview", headers: [("X-Forwarded-For", address)])
        }
        for index in 0..<6 {
            #expect(try preview(unused, from: "198.51.100.\(index)", on: index).status == 404)
            try Self.converge(app, failures: index + 1)
        }
        for index in 0..<3 {
            let again = try preview(unused, from: "198.51.100.\(index)", on: index + 1)
            #expect(again.status == 429)
            #expect(again.errorDetails["limit"] as? String == "code_failures")
        }
        let invite = try app.makeInvite()
        #expect(try preview(invite.code.text, from: "203.0.113.9", on: 2).status == 200)
    }

    @Test("one client's failure limit holds across three replicas")
    func oneClientBudget() throws {
        let app = try TestApp()
        let unused = try RateLimitRoutesTests.unusedCode(app)
        let replicas = try Self.replicas(of: app, limits: "code=100/min,client_code_failures=3/day")
        let clients = try replicas.map { try HTTPTestClient(port: $0.port) }
        var statuses: [Int] = []
        for index in 0..<6 {
            statuses.append(
                try clients[index % 3].get("/v1/invites/\(unused)/preview", headers: [("X-Forwarded-For", "198.51.100.7")]).status)
            // Refused lookups are not counted: the bucket stays at 3.
            try Self.converge(app, failures: min(index + 1, 3), bucket: "v4:198.51.100.7")
        }
        #expect(statuses == [404, 404, 404, 429, 429, 429])
        #expect(try app.count("SELECT count::int FROM baton.guess_budget WHERE bucket = 'v4:198.51.100.7'") == 3)
    }

    @Test("three API keys failing on three replicas spend their own budgets, never the global one")
    func keysSpareTheGlobalBudget() throws {
        let app = try TestApp()
        let unused = try RateLimitRoutesTests.unusedCode(app)
        let limits = "code=1000/min,code_failures=5/day,client_code_failures=20/day,key_code_failures=10/day"
        let replicas = try (0..<3).map { _ in
            try ServeProcess(
                databaseURL: app.app.configuration.databaseURL,
                settings: ["BATON_RATE_LIMITS": limits, "BATON_TRUSTED_PROXIES": "127.0.0.1", "BATON_GUESS_BUDGET_FLUSH_MS": "100"])
        }
        let keys = try (0..<3).map { _ in try app.makeKey([.redemptionsWrite]) }
        for round in 0..<4 {
            for (index, key) in keys.enumerated() {
                let miss = try HTTPTestClient(port: replicas[(index + round) % 3].port, apiKey: key)
                    .post("/v1/redemptions", json: ["code": unused, "redeemer_id": "u-\(index)"])
                #expect(miss.status == 404)
            }
        }
        let flushed = try eventually(within: 10) {
            try app.count("SELECT coalesce(sum(count), 0)::int FROM baton.guess_budget WHERE bucket LIKE 'key:%'") == 12
        }
        #expect(flushed)
        #expect(try app.count("SELECT count(*)::int FROM baton.guess_budget WHERE bucket = '*'") == 0)
        #expect(try app.count("SELECT count(*)::int FROM baton.guess_budget_global") == 0)
        let anonymous = try HTTPTestClient(port: replicas[0].port)
        for _ in 0..<2 {
            let miss = try anonymous.get("/v1/invites/\(unused)/preview", headers: [("X-Forwarded-For", "198.51.100.77")])
            #expect(miss.status == 404)
        }
    }

    @Test(
        "after 30 addresses drain the global budget and stop, a new address with one typo gets its code through within one refill interval")
    func globalBudgetRefills() throws {
        let app = try TestApp()
        let unused = try RateLimitRoutesTests.unusedCode(app)
        let invite = try app.makeInvite()
        // The default 600 failures an hour: one back every 6 s.
        let interval = 6.0
        let replicas = try (0..<3).map { _ in
            try ServeProcess(
                databaseURL: app.app.configuration.databaseURL,
                settings: [
                    "BATON_RATE_LIMITS": "code=1000/min,code_failures=600/h,client_code_failures=100/h",
                    "BATON_TRUSTED_PROXIES": "127.0.0.1", "BATON_GUESS_BUDGET_FLUSH_MS": "100",
                ])
        }
        let clients = try replicas.map { try HTTPTestClient(port: $0.port) }
        func preview(_ code: String, from address: String, on replica: Int) throws -> HTTPTestClient.Response {
            try clients[replica % 3].get("/v1/invites/\(code)/preview", headers: [("X-Forwarded-For", address)])
        }
        for round in 0..<20 {
            for index in 0..<30 { #expect(try preview(unused, from: "198.51.100.\(index)", on: index + round).status == 404) }
        }
        let drained = try eventually(within: 10) {
            try (0..<3).allSatisfy { replica in
                try preview(unused, from: "198.51.100.\(replica)", on: replica).errorDetails["limit"] as? String == "code_failures"
            }
        }
        #expect(drained)
        let stopped = Date()
        let person = "203.0.113.50"
        #expect(try preview(unused, from: person, on: 0).status == 404)
        // Once the typo is in the table every replica knows the person has failed.
        let typoFlushed = try eventually(within: 5) {
            try app.count("SELECT coalesce(sum(count), 0)::int FROM baton.guess_budget WHERE bucket = 'v4:\(person)'") == 1
        }
        #expect(typoFlushed)
        let refused = try preview(invite.code.text, from: person, on: 0)
        #expect(refused.status == 429 && refused.errorDetails["limit"] as? String == "code_failures")
        #expect((1...Int(interval)).contains(Int(refused.header("Retry-After") ?? "") ?? 0))
        var attempt = 0
        let through = try eventually(within: interval + 3) {
            attempt += 1
            return try preview(invite.code.text, from: person, on: attempt).status == 200
        }
        #expect(through)
        #expect(Date().timeIntervalSince(stopped) <= interval + 1)
    }
}
