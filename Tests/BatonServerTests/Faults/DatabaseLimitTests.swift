import BatonTestSupport
import Foundation
import Postgres
import Synchronization
import Testing

@Suite("Pool exhaustion and statement timeouts", .timeLimit(.minutes(10)))
struct DatabaseLimitTests {
    /// Holds the application's only pooled connection on another thread until `release` is signalled.
    static func holdOnlyConnection(of app: TestApp) -> (release: DispatchSemaphore, done: DispatchSemaphore) {
        let release = DispatchSemaphore(value: 0)
        let pool = app.app.pool
        let done = onThread { _ = try? pool.withConnection { _ in release.wait() } }
        return (release, done)
    }

    @Test("a request waits for a busy pool and is served when a connection frees up within BATON_DB_POOL_TIMEOUT_MS")
    func waitsForAConnection() throws {
        let app = try TestApp(environment: ["BATON_DB_POOL_SIZE": "1", "BATON_DB_POOL_TIMEOUT_MS": "10000"])
        let client = try app.client()
        let (release, done) = Self.holdOnlyConnection(of: app)
        #expect(eventually { app.app.pool.statistics.inUse == 1 })
        let freed = onThread {
            // How long the request must wait for the pool: the point.
            Thread.sleep(forTimeInterval: 0.3)
            release.signal()
        }
        let started = ContinuousClock.now
        let response = try client.get("/v1/invites")
        #expect(response.status == 200)
        #expect(ContinuousClock.now - started >= .milliseconds(250))
        freed.wait()
        done.wait()
    }

    @Test(
        "requests that wait past BATON_DB_POOL_TIMEOUT_MS get 503 unavailable (pool_exhausted) with a request id, and the service goes on")
    func exhaustedPoolAnswers503() throws {
        let app = try TestApp(environment: ["BATON_DB_POOL_SIZE": "1", "BATON_DB_POOL_TIMEOUT_MS": "300", "BATON_HTTP_THREADS": "4"])
        let port = app.port
        let key = app.adminKey
        let (release, done) = Self.holdOnlyConnection(of: app)
        #expect(eventually { app.app.pool.statistics.inUse == 1 })
        let answers = Mutex<[(status: Int, code: String?, reason: String?, requestID: String?, retryAfter: String?, waited: Duration)]>([])
        let clients = (0..<3).map { _ in
            onThread {
                guard let client = try? HTTPTestClient(port: port, apiKey: key) else { return }
                let started = ContinuousClock.now
                guard let response = try? client.get("/v1/invites") else { return }
                answers.withLock {
                    $0.append(
                        (
                            response.status, response.errorCode, response.errorDetails["reason"] as? String,
                            response.header("X-Request-Id"), response.header("Retry-After"), ContinuousClock.now - started
                        ))
                }
            }
        }
        clients.forEach { $0.wait() }
        let seen = answers.withLock { $0 }
        #expect(seen.count == 3)
        for answer in seen {
            #expect(answer.status == 503 && answer.code == "unavailable" && answer.reason == "pool_exhausted")
            #expect(answer.requestID?.isEmpty == false && answer.retryAfter == "1")
            #expect(answer.waited >= .milliseconds(280) && answer.waited < .seconds(5))
        }
        release.signal()
        done.wait()
        #expect(try app.client().get("/v1/invites").status == 200)
        #expect(app.app.pool.statistics.totalTimeouts == 3)
    }

    /// A request that must lock the invite row another session holds.
    enum RowLockingRequest: String, CaseIterable, Sendable {
        case redeem, revoke

        func send(for invite: TestInvite, with client: HTTPTestClient) throws -> HTTPTestClient.Response {
            switch self {
            case .redeem: try client.post("/v1/redemptions", json: ["token": invite.token.text, "redeemer_id": "patient"])
            case .revoke: try client.send("POST", "/v1/invites/\(invite.id.uuidString.lowercased())/revoke")
            }
        }

        var success: Int { self == .redeem ? 201 : 200 }
    }

    @Test(
        "a statement over BATON_STATEMENT_TIMEOUT_MS (a row lock held elsewhere) is 503 unavailable with a request id, not a hang",
        arguments: RowLockingRequest.allCases)
    func statementTimeoutAnswers503(request: RowLockingRequest) throws {
        let app = try TestApp(environment: ["BATON_STATEMENT_TIMEOUT_MS": "300"])
        let invite = try app.makeInvite()
        let blocker = try PostgresConnection(app.app.configuration.databaseURL)
        defer { blocker.close() }
        try blocker.runScript("BEGIN")
        try blocker.query("SELECT 1 FROM baton.invites WHERE id = $1 FOR UPDATE", [invite.id])
        let client = try app.client()
        let started = ContinuousClock.now
        let response = try request.send(for: invite, with: client)
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(response.status == 503)
        #expect(response.errorCode == "unavailable" && response.errorDetails["reason"] as? String == "query_canceled")
        #expect(response.header("X-Request-Id")?.isEmpty == false)
        try blocker.runScript("ROLLBACK")
        #expect(try request.send(for: invite, with: client).status == request.success)
    }
}
