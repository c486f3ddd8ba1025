import BatonCore
import BatonTestSupport
import Foundation
import Postgres
import Synchronization
import Testing

@Suite("Invite change and reissue under concurrency", .timeLimit(.minutes(10)))
struct InviteLifecycleRaceTests {
    /// One answer a racing client got, for the invite at `invite`.
    struct Answer: Sendable {
        let invite: Int
        /// Whether this was the change (reissue or PATCH) rather than a redemption.
        let change: Bool
        let status: Int
        let code: String?
        /// The new token of a reissue, or the receipt id of a redemption.
        let value: String?
    }

    static let environment = ["BATON_RATE_LIMITS": "off", "BATON_HTTP_THREADS": "8", "BATON_DB_POOL_SIZE": "8"]

    @Test("a reissue racing redemptions of the old credential: each gets a receipt written before the reissue or invite_reissued")
    func reissueRacingRedemptions() async throws {
        let app = try TestApp(environment: Self.environment)
        let invites = try app.makeInvites(30, maxRedemptions: 3)
        // Per invite, four redeemers of the old token and one reissuer start together.
        let answers = try await Self.race(invites, redeemers: 4, on: app) { client, invite in
            let response = try client.post("/v1/invites/\(invite.id.uuidString.lowercased())/reissue", json: [:])
            return (response, response.json["token"] as? String)
        }
        let client = try app.client()
        for (index, invite) in invites.enumerated() {
            let mine = answers.filter { $0.invite == index }
            let reissue = try #require(mine.first { $0.change })
            let old = mine.filter { !$0.change }
            #expect(reissue.status == 200 || reissue.code == "invite_not_active")
            #expect(old.allSatisfy { $0.status == 201 || $0.code == "invite_reissued" || $0.code == "invite_used_up" }, "invite \(index)")
            let receipts = old.filter { $0.status == 201 }.compactMap(\.value)
            #expect(receipts.count <= 3)
            // Every receipt of the old credential was written before the reissue.
            let order = try Self.eventOrder(of: invite.id, in: app)
            if reissue.status == 200, let reissuedAt = order.reissued {
                #expect(receipts.allSatisfy { (order.redemptions[$0] ?? .max) < reissuedAt }, "invite \(index)")
                // The new credential takes exactly the uses left, never more.
                let token = try #require(reissue.value)
                var taken = 0
                for redeemer in 0..<4
                where try client.post("/v1/redemptions", json: ["token": token, "redeemer_id": "new-\(redeemer)"]).status == 201 {
                    taken += 1
                }
                #expect(receipts.count + taken == 3, "invite \(index)")
            }
        }
        #expect(try app.count("SELECT count(*) FROM baton.invites WHERE redemption_count > max_redemptions") == 0)
    }

    @Test("a PATCH lowering max_redemptions racing redemptions: every receipt fits the maximum in force when it was accepted")
    func loweringRacingRedemptions() async throws {
        let app = try TestApp(environment: Self.environment)
        let invites = try app.makeInvites(20, maxRedemptions: 10)
        // Per invite, seven redeemers and one client lowering the maximum to 4 start together.
        let answers = try await Self.race(invites, redeemers: 7, on: app) { client, invite in
            let body = try JSONSerialization.data(withJSONObject: ["max_redemptions": 4])
            return (try client.send("PATCH", "/v1/invites/\(invite.id.uuidString.lowercased())", body: body), nil)
        }
        var lowered = 0
        for (index, invite) in invites.enumerated() {
            let patch = try #require(answers.first { $0.invite == index && $0.change })
            #expect(patch.status == 200 || patch.code == "max_redemptions_below_count")
            if patch.status == 200 { lowered += 1 }
            let accepted = answers.filter { $0.invite == index && !$0.change && $0.status == 201 }.count
            // Replayed in event order, each redemption fits the maximum of its moment.
            var maximum = 10
            var count = 0
            for event in try Self.events(of: invite.id, in: app) {
                switch event.type {
                case "invite.updated": maximum = (event.data["max_redemptions"] as? [String: Int])?["new"] ?? maximum
                case "invite.redeemed":
                    count += 1
                    #expect(count <= maximum && event.data["uses_left"] as? Int == maximum - count, "invite \(index)")
                default: break
                }
            }
            #expect(count == accepted && count <= (patch.status == 200 ? 4 : 7), "invite \(index)")
        }
        #expect(lowered > 0)
    }

    @Test("extensions racing the expiry sweep: every extension accepted leaves its invite active; every refused one finds it expired")
    func extensionRacingSweep() throws {
        let app = try TestApp(environment: Self.environment)
        let invites = try app.makeInvites(40, ttlSeconds: 1.5)
        let started = Date()
        let sweeping = Atomic(true)
        let databaseURL = app.app.configuration.databaseURL
        let sweeper = Thread {
            guard let connection = try? PostgresConnection(databaseURL) else { return }
            defer { connection.close() }
            while sweeping.load(ordering: .relaxed) { _ = try? InviteExpiry.expireDue(on: connection) }
        }
        sweeper.start()
        // The extensions are spread over the last half second before the expiry
        // and a little after it, so some meet the sweep at the deadline.
        let client = try app.client()
        var statuses: [Int] = []
        for (index, invite) in invites.enumerated() {
            let due = 1.1 + 0.6 * Double(index) / Double(invites.count)
            Thread.sleep(forTimeInterval: max(0, due - Date().timeIntervalSince(started)))
            let body = try JSONSerialization.data(withJSONObject: ["ttl_seconds": 3600])
            statuses.append(try client.send("PATCH", "/v1/invites/\(invite.id.uuidString.lowercased())", body: body).status)
        }
        Thread.sleep(forTimeInterval: max(0, 2.2 - Date().timeIntervalSince(started)))
        sweeping.store(false, ordering: .relaxed)
        _ = try app.withConnection { try InviteExpiry.expireDue(on: $0) }
        let states = try app.withConnection { connection in
            try invites.map { try connection.query("SELECT state FROM baton.invites WHERE id = $1", [$0.id])[0].decode(String.self, at: 0) }
        }
        for (status, state) in zip(statuses, states) {
            #expect((status == 200 && state == "active") || (status == 409 && state == "expired"))
        }
        #expect(statuses.contains(200))
    }

    @Test("a shortened invite is expired by the next sweep after its new expiry, with its event")
    func shortenedInviteExpires() throws {
        let app = try TestApp()
        let invite = try app.makeInvite(ttlSeconds: 3600)
        let body = try JSONSerialization.data(withJSONObject: ["ttl_seconds": 1])
        #expect(try app.client().send("PATCH", "/v1/invites/\(invite.id.uuidString.lowercased())", body: body).status == 200)
        let due = try eventually(within: 5) {
            try app.count("SELECT count(*) FROM baton.invites WHERE id = $1 AND expires_at <= now()", [invite.id]) == 1
        }
        try #require(due, "the database's clock never passed the shortened expiry")
        let batch = try app.withConnection { try InviteExpiry.expireDue(on: $0) }
        #expect(batch.expired == 1)
        #expect(try app.count("SELECT count(*) FROM baton.invites WHERE state = 'expired'") == 1)
        #expect(try app.count("SELECT count(*) FROM baton.events WHERE type = 'invite.expired'") == 1)
    }

    /// For each invite in turn, `redeemers` clients redeeming its token and
    /// one running `change` (its response, and the value to keep) start
    /// together, each on a thread and connection of its own.
    static func race(
        _ invites: [TestInvite], redeemers: Int, on app: TestApp,
        change: @escaping @Sendable (HTTPTestClient, TestInvite) throws -> (HTTPTestClient.Response, String?)
    ) async throws -> [Answer] {
        let port = app.port
        let key = app.adminKey
        let meeting = Rendezvous()
        return try await RedemptionRaceTests.onThreads(redeemers + 1) { thread in
            let client = try HTTPTestClient(port: port, apiKey: key)
            return try invites.indices.map { index in
                meeting.meet(parties: redeemers + 1)
                if thread == redeemers {
                    let (response, value) = try change(client, invites[index])
                    return Answer(invite: index, change: true, status: response.status, code: response.errorCode, value: value)
                }
                let response = try client.post("/v1/redemptions", json: ["token": invites[index].token.text, "redeemer_id": "r-\(thread)"])
                return Answer(
                    invite: index, change: false, status: response.status, code: response.errorCode, value: response.json["id"] as? String)
            }
        }
    }

    /// One event of an invite, oldest first.
    struct Event {
        let type: String
        let data: [String: Any]
    }

    static func events(of invite: UUID, in app: TestApp) throws -> [Event] {
        try app.withConnection { connection in
            try connection.query("SELECT type, data::text FROM baton.events WHERE invite_id = $1 ORDER BY id", [invite]).map { row in
                let data = try JSONSerialization.jsonObject(with: Data(try row.decode(String.self, at: 1).utf8))
                return Event(type: try row.decode(String.self, at: 0), data: data as? [String: Any] ?? [:])
            }
        }
    }

    /// The row numbers of an invite's redemption events (by redemption id) and of its reissue.
    static func eventOrder(of invite: UUID, in app: TestApp) throws -> (redemptions: [String: Int64], reissued: Int64?) {
        try app.withConnection { connection in
            var redemptions: [String: Int64] = [:]
            var reissued: Int64?
            for row in try connection.query(
                "SELECT id, type, data->>'redemption_id' FROM baton.events WHERE invite_id = $1 ORDER BY id", [invite])
            {
                let id = try row.decode(Int64.self, at: 0)
                if try row.decode(String.self, at: 1) == "invite.reissued" { reissued = id }
                if let redemption = try row.decode(String?.self, at: 2) { redemptions[redemption] = id }
            }
            return (redemptions, reissued)
        }
    }
}
