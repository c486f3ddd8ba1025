import Foundation
import Postgres

/// A synthetic invite history for the big-data benchmarks: invite number `i`
/// (1…`invites`) and everything that happened to it are pure functions of
/// `i`, written set-wise (`generate_series`) into the real tables, so any
/// range of invites can be generated in its own statement (invites, events
/// and redemptions at once), in any order.
///
/// The history is one the service could have written: invites are created
/// evenly over the 90 days before `anchor`, live 7 days, about 60 % are
/// previewed (`first_previewed_at` and an `invite.previewed` event within the
/// hour), 40 % redeemed once (state `used_up`, a `redemptions` row, an
/// `invite.redeemed` event in one of four channels, seconds to days after the
/// preview), about 3 % of the rest revoked after an hour, and the rest
/// `expired` at their expiry (event included) once that has passed, else
/// still `active` (the insert trigger gives those an `invite_deadlines` row).
///
/// The journey's stage marks (`baton.invite_stages`) are written with the
/// events, as the events' trigger and the API servers would mark them: about
/// 70 % of invites have their landing page opened halfway to their preview
/// (or half an hour after creation when not previewed), and every redemption
/// through `app` was presented by the app at its redemption. Every invite is
/// logged as changed for the journey's rollup (`baton.journey_changes`),
/// which ``JourneyRollup`` then catches up set-wise.
///
/// What it leaves out, because no benchmark reads it: the events' `data`
/// JSON, webhook jobs, rejected attempts, deadline rows of invites that were
/// finalized before their expiry (the sweep drops those without effect), and
/// API keys (`created_by` is NULL, as for invites made by `baton` commands).
struct InviteHistory: Sendable {
    /// The moment the history ends: nothing in it happens later.
    var anchor: Date
    /// Invites in the whole history; invite `i` is created at
    /// `anchor − 90 days × (1 − (i − 1) / invites)`.
    var invites: Int
    /// Families the invites are spread over, round-robin.
    var families: Int
    /// Family ids are this prefix and a number, `family-0` … by default.
    var familyPrefix = "family-"

    /// Days over which the invites are created.
    static let days = 90

    /// The tables the history is written into.
    static let tables = ["baton.invites", "baton.events", "baton.redemptions", "baton.invite_stages"]

    /// Invites written per statement: bounds each statement's memory (the
    /// deadline trigger's transition table) without slowing the load.
    static let batch = 1_000_000

    /// Writes invites `range` (a sub-range of 1…`invites` not written
    /// before) with their events and redemptions, in batches, as one
    /// `BulkLoad` of `tables` (which waits `quietSeconds` for autovacuum to
    /// go quiet afterwards); `progress` hears each batch.
    /// - Throws: `PostgresError`, for example a unique violation when part
    ///   of the range was written before; nothing is written then.
    func load(_ range: ClosedRange<Int>, on connection: PostgresConnection, quietSeconds: Int = 5, progress: (String) -> Void) throws {
        try BulkLoad.run(tables: Self.tables, on: connection, quietSeconds: quietSeconds, progress: progress) { connection in
            // The stage marks are written set-wise with the events; the
            // triggers, which need the keys BulkLoad dropped, would mark
            // them and log their changes for the journey's rollup statement by statement.
            try connection.runScript(
                "ALTER TABLE baton.events DISABLE TRIGGER events_mark_invite_stage; ALTER TABLE baton.invite_stages DISABLE TRIGGER USER"
            )
            for first in stride(from: range.lowerBound, through: range.upperBound, by: Self.batch) {
                let last = min(range.upperBound, first + Self.batch - 1)
                progress("invites \(first)-\(last) of \(range.upperBound) ...")
                try connection.query(Self.insertSQL, parameters(first...last))
            }
            try connection.runScript(
                "ALTER TABLE baton.events ENABLE TRIGGER events_mark_invite_stage; ALTER TABLE baton.invite_stages ENABLE TRIGGER USER"
            )
        }
    }

    private func parameters(_ range: ClosedRange<Int>) -> [any PostgresBindable] {
        [range.lowerBound, range.upperBound, max(invites, 1), max(families, 1), anchor, familyPrefix]
    }
}

extension InviteHistory {
    /// One row per invite of $1…$2 with every moment of its life (NULL when
    /// it did not happen before $5, the anchor): $3 invites in the history,
    /// $4 families, $6 the family prefix. Ids and hashes are a hash of the
    /// invite's number followed by the number itself: random-looking where
    /// an index orders them, and unique by construction.
    static let history = """
        SELECT encode(int8send(hashint8extended(g.i, 1)) || int8send(g.i), 'hex')::uuid AS id,
               $6::text || (g.i % $4::int8) AS family_id,
               int8send(hashint8extended(g.i, 2)) || int8send(hashint8extended(g.i, 3)) || int8send(hashint8extended(g.i, 4)) || int8send(g.i) AS code_hash,
               int8send(hashint8extended(g.i, 5)) || int8send(hashint8extended(g.i, 6)) || int8send(hashint8extended(g.i, 7)) || int8send(g.i) AS token_hash,
               t.created_at, t.created_at + interval '7 days' AS expires_at,
               CASE WHEN t.h % 10 < 6 AND w.preview_at < $5 THEN w.preview_at END AS previewed_at,
               CASE WHEN t.h % 10 < 4 AND w.redeem_at < $5 THEN w.redeem_at END AS redeemed_at,
               CASE WHEN t.h % 10 >= 4 AND t.h / 10000 % 33 = 0 AND w.revoke_at < $5 THEN w.revoke_at END AS revoked_at,
               w.expire_at
        FROM generate_series($1::int8, $2::int8) AS g(i)
        CROSS JOIN LATERAL (
            SELECT abs(hashint8(g.i)) AS h,
                   $5::timestamptz - interval '\(days) days' * (1 - (g.i - 1)::float8 / $3::int8) AS created_at
        ) AS t
        CROSS JOIN LATERAL (
            SELECT t.created_at + interval '1 second' * (t.h % 3600) AS preview_at,
                   t.created_at + interval '1 second' * ((t.h % 3600) + exp((t.h / 10 % 1000) / 1000.0::float8 * ln(200000::float8))) AS redeem_at,
                   t.created_at + interval '1 hour' AS revoke_at,
                   t.created_at + interval '7 days' AS expire_at
        ) AS w
        """

    /// Invites $1…$2 of the history (parameters as in `history`) with their
    /// events and redemptions, in one statement: what happened to an invite
    /// is read back from its row (its state and `finalized_at`), so the
    /// history is computed once. The channel of a redemption comes from the
    /// invite id's first byte.
    static let insertSQL = """
        WITH invite AS (
            INSERT INTO baton.invites (id, family_id, family_name, code_hash, token_hash, state, redemption_count,
                                       created_at, expires_at, first_previewed_at, finalized_at)
            SELECT h.id, h.family_id, 'A generated family', h.code_hash, h.token_hash,
                   CASE WHEN h.redeemed_at IS NOT NULL THEN 'used_up' WHEN h.revoked_at IS NOT NULL THEN 'revoked'
                        WHEN h.expire_at <= $5 THEN 'expired' ELSE 'active' END,
                   (h.redeemed_at IS NOT NULL)::int, h.created_at, h.expires_at, h.previewed_at,
                   coalesce(h.redeemed_at, h.revoked_at, CASE WHEN h.expire_at <= $5 THEN h.expire_at END)
            FROM (\(history)) AS h
            RETURNING id, family_id, state, created_at, first_previewed_at, finalized_at,
                      (ARRAY['app', 'clip', 'web', 'backend'])[1 + get_byte(uuid_send(id), 0) % 4] AS channel
        ), event AS (
            INSERT INTO baton.events (type, invite_id, family_id, channel, occurred_at)
            SELECT e.type, i.id, i.family_id, e.channel, e.at
            FROM invite AS i
            CROSS JOIN LATERAL (VALUES
                ('invite.created', NULL, i.created_at),
                ('invite.previewed', 'clip', i.first_previewed_at),
                ('invite.redeemed', i.channel, CASE WHEN i.state = 'used_up' THEN i.finalized_at END),
                ('invite.revoked', NULL, CASE WHEN i.state = 'revoked' THEN i.finalized_at END),
                ('invite.expired', NULL, CASE WHEN i.state = 'expired' THEN i.finalized_at END)
            ) AS e(type, channel, at)
            WHERE e.at IS NOT NULL
        ), stage AS (
            INSERT INTO baton.invite_stages (invite_id, stage, first_at)
            SELECT i.id, s.stage, s.at
            FROM invite AS i
            CROSS JOIN LATERAL (VALUES
                ('issued', i.created_at),
                ('link_opened', CASE WHEN get_byte(uuid_send(i.id), 1) % 10 < 7
                                     THEN i.created_at + (coalesce(i.first_previewed_at, i.created_at + interval '1 hour') - i.created_at) / 2 END),
                ('clip_opened', i.first_previewed_at),
                ('app_presented', CASE WHEN i.state = 'used_up' AND i.channel = 'app' THEN i.finalized_at END),
                ('redeemed', CASE WHEN i.state = 'used_up' THEN i.finalized_at END),
                ('revoked', CASE WHEN i.state = 'revoked' THEN i.finalized_at END),
                ('expired', CASE WHEN i.state = 'expired' THEN i.finalized_at END)
            ) AS s(stage, at)
            WHERE s.at IS NOT NULL AND s.at < $5
        ), change AS (
            INSERT INTO baton.journey_changes (invite_id) SELECT id FROM invite
        )
        INSERT INTO baton.redemptions (invite_id, redeemer_id, channel, uses_left, redeemed_at)
        SELECT id, 'redeemer-' || id, channel, 0, finalized_at FROM invite WHERE state = 'used_up'
        """
}
