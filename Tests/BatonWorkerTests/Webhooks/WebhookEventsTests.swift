import BatonCore
import BatonTestSupport
import Foundation
import Postgres
import Testing

@testable import BatonWorker

@Suite("Webhook events: the delivery log's batched statements", .timeLimit(.minutes(10)))
struct WebhookEventsTests {
    static let start = Date(timeIntervalSince1970: 2_000_000_000)
    static let window = Duration.seconds(3_600)

    /// A database with one endpoint, and a pool of one connection on it.
    static func database() throws -> (WorkerDatabase, PostgresPool, WebhookEndpoint) {
        let db = try WorkerDatabase()
        let (endpoint, _) = try db.addWebhookEndpoint()
        return (db, PostgresPool(PostgresPoolConfiguration(conninfo: db.conninfo, maxConnections: 1)), endpoint)
    }

    /// `count` attempts begun in one statement for `endpoint`, each carrying its body.
    static func begin(_ count: Int, for endpoint: WebhookEndpoint, on pool: PostgresPool) throws -> [WebhookEvents.Target] {
        let body = try #require(WebhookJSON(#"{"id": "e", "type": "webhook.test"}"#.utf8))
        let attempts = (0..<count).map { index in
            WebhookEvents.Attempt(
                eventID: UUID(), endpointID: endpoint.id, carried: body, jobID: Int64(index + 1), attempt: 1, now: start)
        }
        return try WebhookEvents.begin(attempts, on: pool).map { try $0.get() }
    }

    /// Outcomes of `targets` recorded in one statement: a success or a 500 at each offset from ``start``.
    static func finish(
        _ targets: [WebhookEvents.Target], _ outcomes: [(succeeded: Bool, seconds: Double)], on pool: PostgresPool
    ) throws -> [Bool] {
        let batch = zip(targets, outcomes).map { target, outcome in
            WebhookEvents.Outcome(
                target: target, response: WebhookResponse(outcome: .status(outcome.succeeded ? 200 : 500), duration: .milliseconds(3)),
                succeeded: outcome.succeeded, now: start + outcome.seconds, disableAfter: window)
        }
        return try WebhookEvents.finish(batch, on: pool).map { try $0.get() }
    }

    @Test("one statement logs a batch's attempts in order, and one records their outcomes")
    func batchIsLogged() throws {
        let (db, pool, endpoint) = try Self.database()
        defer { pool.close() }
        let targets = try Self.begin(3, for: endpoint, on: pool)
        #expect(targets.map(\.logID) == targets.map(\.logID).sorted() && Set(targets.map(\.logID)).count == 3)
        #expect(targets.allSatisfy { $0.endpointID == endpoint.id && $0.sealedSecrets.count == 1 })
        let page = { try WebhookDeliveryLog.page(endpointID: endpoint.id, filter: nil, after: nil, limit: 10, on: db.connection) }
        #expect(try page().attempts.map(\.status) == [.interrupted, .interrupted, .interrupted])
        #expect(try Self.finish(targets, [(true, 1), (false, 2), (true, 3)], on: pool) == [false, false, false])
        #expect(try page().attempts.map(\.status) == [.succeeded, .failed, .succeeded])
        #expect(try page().attempts.map(\.httpStatus) == [200, 500, 200])
    }

    @Test("outcomes of one endpoint in one batch count by their clocks: the last success ends the streak, later failures start one")
    func batchStreakFollowsClocks() throws {
        let (db, pool, endpoint) = try Self.database()
        defer { pool.close() }
        let store = WebhookEndpointStore(secret: TestSecrets.secretKey)
        // Out of order, as concurrent deliveries finish: the failure at 1 s comes before the success at 2 s.
        _ = try Self.finish(try Self.begin(3, for: endpoint, on: pool), [(false, 5), (true, 2), (false, 1)], on: pool)
        var now = try store.endpoint(id: endpoint.id, on: db.connection)
        #expect(now.failingSince == Self.start + 5 && now.lastSuccessAt == Self.start + 2 && !now.disabled)

        // Two failures past the window since the streak began: disabled once, reported by one of them.
        let late = Self.window / .seconds(1) + 10
        let disabled = try Self.finish(try Self.begin(2, for: endpoint, on: pool), [(false, late), (false, late + 1)], on: pool)
        #expect(disabled.filter { $0 }.count == 1)
        now = try store.endpoint(id: endpoint.id, on: db.connection)
        #expect(now.disabled && now.disabledReason == WebhookEndpoint.autoDisabledReason && now.failingSince == Self.start + 5)
    }

    @Test("a success and a failure in one batch leave a healthy endpoint healthy when the success is the later")
    func laterSuccessWins() throws {
        let (db, pool, endpoint) = try Self.database()
        defer { pool.close() }
        _ = try Self.finish(try Self.begin(1, for: endpoint, on: pool), [(false, 0)], on: pool)
        let late = Self.window / .seconds(1) + 10
        let disabled = try Self.finish(try Self.begin(2, for: endpoint, on: pool), [(false, late), (true, late + 1)], on: pool)
        #expect(disabled == [false, false])
        let now = try WebhookEndpointStore(secret: TestSecrets.secretKey).endpoint(id: endpoint.id, on: db.connection)
        #expect(!now.disabled && now.failingSince == nil && now.lastSuccessAt == Self.start + late + 1)
    }
}
