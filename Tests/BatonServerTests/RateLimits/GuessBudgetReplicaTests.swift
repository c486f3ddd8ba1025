import Foundation
import Testing

/// Three `baton serve` processes on one database, as behind a balancer: the
/// budget of failed typed-code lookups is one, not one per replica.
@Suite("Guess budget across replicas", .serialized)
struct GuessBudgetReplicaTests {
    /// Two flush intervals and some slack: a failure on one replica is seen
    /// by the others after its flush and theirs (docs/redemption.md).
    static let convergence = 1.5

    /// Three replicas of `app`'s database with `limits`, believing
    /// `X-Forwarded-For` from loopback. Windows are days, so that a test
    /// crosses a window's end only around midnight UTC.
    static func replicas(of app: TestApp, limits: String) throws -> [ServeProcess] {
        try (0..<3).map { _ in
            try ServeProcess(
                databaseURL: app.app.configuration.databaseURL,
                settings: ["BATON_RATE_LIMITS": limits, "BATON_TRUSTED_PROXIES": "127.0.0.1"])
        }
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
            Thread.sleep(forTimeInterval: Self.convergence)
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
            Thread.sleep(forTimeInterval: Self.convergence)
        }
        #expect(statuses == [404, 404, 404, 429, 429, 429])
        #expect(try app.count("SELECT count::int FROM baton.guess_budget WHERE bucket = 'v4:198.51.100.7'") == 3)
    }
}
