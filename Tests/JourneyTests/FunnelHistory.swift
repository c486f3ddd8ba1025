import BatonCore
import BatonLinks
import BatonTestSupport
import Foundation
import Journey
import Postgres
import Synchronization

/// A database with a scripted invite history for the funnel tests: invites
/// created, previewed and redeemed through the real stores, expired by the
/// real sweep, revoked through the invite store, and past events inserted at
/// chosen instants for bucket edges.
struct FunnelHistory {
    let db: MigratedDatabase
    let invites = InviteStore(secret: Array(repeating: 7, count: 32), webhookMaxAttempts: 1)
    let redemptions = RedemptionStore(secret: Array(repeating: 7, count: 32), webhookMaxAttempts: 1)

    var connection: PostgresConnection { db.connection }

    init(_ label: String = #fileID) throws {
        db = try MigratedDatabase(label)
    }

    /// Runs `body` on `servers` threads at once, each with a connection of
    /// its own, as that many API servers would; returns how many threw.
    func concurrently(_ servers: Int, _ body: @escaping @Sendable (_ server: Int, PostgresConnection) throws -> Void) -> Int {
        let conninfo = db.conninfo
        let failures = Mutex(0)
        let group = DispatchGroup()
        for server in 0..<servers {
            group.enter()
            Thread {
                defer { group.leave() }
                do {
                    let connection = try PostgresConnection(conninfo)
                    defer { connection.close() }
                    try body(server, connection)
                } catch {
                    failures.withLock { $0 += 1 }
                }
            }.start()
        }
        group.wait()
        return failures.withLock { $0 }
    }

    /// Creates `count` invites of `family` through the store.
    func create(_ count: Int, family: String, maxRedemptions: Int = 1) throws -> [CreatedInvite] {
        let drafts = try (0..<count).map { _ in
            try NewInvite(InviteDraft(familyID: family, familyName: "Family \(family)", maxRedemptions: maxRedemptions))
        }
        return try connection.transaction { try invites.create(drafts, createdBy: nil, on: $0) }
    }

    /// Previews `invite` (the first preview is recorded with channel `clip`).
    func preview(_ invite: CreatedInvite) throws {
        _ = try redemptions.preview(.token(invite.token), channel: .clip, on: connection)
    }

    /// Redeems `invite` for `redeemer` through `channel`.
    func redeem(_ invite: CreatedInvite, by redeemer: String = UUID().uuidString, channel: RedemptionChannel) throws {
        _ = try redemptions.redeem(.token(invite.token), redeemerID: redeemer, channel: channel, handoffID: nil, on: connection)
    }

    /// Revokes `invite` through the store.
    func revoke(_ invite: CreatedInvite) throws {
        _ = try connection.transaction { try invites.revoke(id: invite.invite.id, on: $0) }
    }

    /// Makes `invites` due (created two hours ago, expired an hour ago) and runs the sweep.
    func expireBySweep(_ due: [CreatedInvite]) throws -> Int {
        try connection.query(
            """
            UPDATE baton.invites SET created_at = now() - interval '2 hours', expires_at = now() - interval '1 hour'
            WHERE id = ANY($1::uuid[])
            """, [due.map(\.invite.id.uuidString)])
        return try InviteExpiry.expireDue(on: connection).expired
    }

    /// Inserts an invite of `family` created at `created`, and its events:
    /// `invite.created` then, and each of `later` (type, seconds after creation, channel).
    func insertPast(family: String, created: Date, later: [(type: String, after: Double, channel: String?)] = []) throws {
        let id: UUID = try connection.query(
            """
            INSERT INTO baton.invites (family_id, family_name, code_hash, token_hash, created_at, expires_at)
            VALUES ($1, 'Past', sha256(gen_random_uuid()::text::bytea), sha256(gen_random_uuid()::text::bytea), $2, $2 + interval '400 days')
            RETURNING id
            """, [family, created])[0].decode(at: 0)
        try insertEvent("invite.created", invite: id, family: family, at: created, channel: nil)
        for event in later {
            try insertEvent(event.type, invite: id, family: family, at: created.addingTimeInterval(event.after), channel: event.channel)
        }
    }

    /// Inserts one event row as the stores would write it, at `at`.
    func insertEvent(_ type: String, invite: UUID, family: String, at: Date, channel: String?) throws {
        try connection.query(
            """
            INSERT INTO baton.events (type, invite_id, family_id, channel, occurred_at) VALUES ($1, $2, $3, $4, $5)
            """, [type, invite, family, channel, at])
    }

    /// `count(*)` of events of `type` in `[from, to)`, of `family` when given: the raw truth.
    func rawCount(_ type: String, from: Date, to: Date, family: String? = nil) throws -> Int {
        try connection.query(
            """
            SELECT count(*) FROM baton.events
            WHERE type = $1 AND occurred_at >= $2 AND occurred_at < $3 AND ($4::text IS NULL OR family_id = $4)
            """, [type, from, to, family])[0].decode(at: 0)
    }

    /// The report's counts as the raw tables give them for the same window.
    func rawCounts(_ query: JourneyQuery) throws -> FunnelCounts {
        let family = query.familyID
        return FunnelCounts(
            issued: try connection.query(
                """
                SELECT count(*) FROM baton.invites WHERE created_at >= $1 AND created_at < $2 AND ($3::text IS NULL OR family_id = $3)
                """, [query.from, query.to, family])[0].decode(at: 0),
            previewed: try connection.query(
                """
                SELECT count(*) FROM baton.invites
                WHERE first_previewed_at >= $1 AND first_previewed_at < $2 AND ($3::text IS NULL OR family_id = $3)
                """, [query.from, query.to, family])[0].decode(at: 0),
            redeemed: try connection.query(
                """
                SELECT count(*) FROM baton.redemptions r JOIN baton.invites i ON i.id = r.invite_id
                WHERE r.redeemed_at >= $1 AND r.redeemed_at < $2 AND ($3::text IS NULL OR i.family_id = $3)
                """, [query.from, query.to, family])[0].decode(at: 0),
            expired: try rawCount("invite.expired", from: query.from, to: query.to, family: family),
            revoked: try rawCount("invite.revoked", from: query.from, to: query.to, family: family)
        )
    }

    /// Redemptions per channel from the redemptions table, every channel present.
    func rawChannels(_ query: JourneyQuery) throws -> [String: Int] {
        var channels = Dictionary(uniqueKeysWithValues: RedemptionChannel.allCases.map { ($0.rawValue, 0) })
        for row in try connection.query(
            """
            SELECT r.channel, count(*) FROM baton.redemptions r JOIN baton.invites i ON i.id = r.invite_id
            WHERE r.redeemed_at >= $1 AND r.redeemed_at < $2 AND ($3::text IS NULL OR i.family_id = $3)
            GROUP BY r.channel
            """, [query.from, query.to, query.familyID])
        {
            channels[try row.decode(String.self, at: 0)] = try row.decode(Int.self, at: 1)
        }
        return channels
    }
}
