import BatonTestSupport
import Foundation
import JobQueue
import Postgres
import Synchronization
import Testing

/// The server wakes listening workers (`NOTIFY baton_jobs`) after a commit
/// that enqueued a job, and only then: the code that enqueues raises
/// `jobsEnqueued` on its connection, and the pool's commit observer signals
/// `JobWakeup`. No route calls it by hand.
@Suite("Waking the workers after a commit", .timeLimit(.minutes(10)))
struct WorkerWakeupTests {
    /// Long enough for a wake-up to reach the listener (`JobWakeup` sends
    /// one every 5 ms at most): an absence checked over this window.
    static let quiet = 0.3

    final class Heard: Sendable {
        let notifications = Atomic<Int>(0)
        let connected = Atomic<Bool>(false)
        var count: Int { notifications.load(ordering: .relaxed) }
    }

    @Test("a redemption and a revoke wake the workers; a bare job insert, a new invite, a replay and a no-op revoke do not")
    func onlyEnqueuingCommitsWake() throws {
        let app = try TestApp()
        let client = try app.client()
        let heard = Heard()
        let listener = PostgresListener(conninfo: app.app.configuration.databaseURL, channels: [JobQueue.channel]) { event in
            switch event {
            case .connected: heard.connected.store(true, ordering: .relaxed)
            case .notification: heard.notifications.add(1, ordering: .relaxed)
            case .disconnected: break
            }
        }
        listener.start()
        defer { listener.stop() }
        #expect(eventually { heard.connected.load(ordering: .relaxed) })
        // The wake-up the server sends when it starts, if it came after the LISTEN.
        Thread.sleep(forTimeInterval: Self.quiet)
        var expected = heard.count

        func expectWakeUps(_ more: Int, after action: String) {
            expected += more
            if more > 0 { #expect(eventually { heard.count >= expected }, "\(action)") }
            Thread.sleep(forTimeInterval: Self.quiet)
            #expect(heard.count == expected, "\(action): \(heard.count) NOTIFYs, \(expected) expected")
        }

        try app.withConnection { connection in
            _ = try connection.query("INSERT INTO baton.jobs (kind, args) VALUES ('webhook.deliver', '{}')")
        }
        expectWakeUps(0, after: "a job row inserted by hand: no trigger notifies inside the transaction (migration 0005)")
        let created = try client.post("/v1/invites", json: ["family_id": "f-1", "family_name": "The Okafors"])
        #expect(created.status == 201)
        expectWakeUps(0, after: "an invite create, which enqueues no due job")
        let token = try #require(created.json["token"] as? String)
        #expect(try client.post("/v1/redemptions", json: ["token": token, "redeemer_id": "u-1"]).status == 201)
        expectWakeUps(1, after: "a redemption, whose event has a delivery job")
        #expect(try client.post("/v1/redemptions", json: ["token": token, "redeemer_id": "u-1"]).status == 200)
        expectWakeUps(0, after: "a replayed redemption")
        let inviteID = try #require(created.json["id"] as? String)
        #expect(try client.post("/v1/invites/\(inviteID)/revoke", json: [:]).status == 200)
        expectWakeUps(0, after: "a revoke of a used-up invite, which changes nothing")
        let other = try client.post("/v1/invites", json: ["family_id": "f-1", "family_name": "The Okafors"])
        let otherID = try #require(other.json["id"] as? String)
        #expect(try client.post("/v1/invites/\(otherID)/revoke", json: [:]).status == 200)
        expectWakeUps(1, after: "a revoke, whose event is recorded")
    }
}
