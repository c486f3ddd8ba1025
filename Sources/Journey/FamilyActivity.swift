import Foundation
import Postgres

/// The families that issued the most invites in a funnel query's range,
/// with their redemptions: what the `/admin` page lists beside the charts.
/// Counted like ``FunnelStore``: per-family hourly rollups up to the
/// watermark plus the live tail of `baton.events`, in one statement.
public struct FamilyActivity: Sendable, Equatable {
    /// The family id as the backend sent it (untrusted text).
    public var familyID: String
    /// The family's name on its newest invite (untrusted text), or nil when
    /// no invite row is left.
    public var familyName: String?
    /// Invites created in the range.
    public var issued: Int
    /// Redemptions in the range.
    public var redeemed: Int

    /// The given activity.
    public init(familyID: String, familyName: String?, issued: Int, redeemed: Int) {
        self.familyID = familyID
        self.familyName = familyName
        self.issued = issued
        self.redeemed = redeemed
    }

    /// The at most `limit` (1-100) families with the most invites issued in
    /// `query`'s range, most first (ties by id); only `query.familyID` when set.
    /// - Throws: `PostgresError` from the database.
    public static func top(_ query: JourneyQuery, limit: Int = 10, on connection: PostgresConnection) throws(PostgresError)
        -> [FamilyActivity]
    {
        try connection.query(topStatement, [query.from, query.to, query.familyID, max(1, min(limit, 100))]).map {
            row throws(PostgresError) in
            FamilyActivity(
                familyID: try row.decode("family_id"), familyName: try row.decode("family_name"),
                issued: try row.decode("issued"), redeemed: try row.decode("redeemed")
            )
        }
    }

    /// $1 from, $2 to, $3 family id or NULL, $4 limit.
    static let topStatement = PostgresStatement(
        name: "family_activity_top",
        sql: """
            WITH state AS (
                SELECT watermark_id FROM baton.funnel_rollup_state
            ), counts AS (
                SELECT family_id, type, count FROM baton.funnel_rollup_family_hourly
                WHERE hour >= $1 AND hour < $2 AND type IN ('invite.created', 'invite.redeemed')
                  AND ($3::text IS NULL OR family_id = $3)
                UNION ALL
                SELECT e.family_id, e.type, 1 FROM baton.events e, state s
                WHERE e.id > s.watermark_id AND e.occurred_at >= $1 AND e.occurred_at < $2
                  AND e.type IN ('invite.created', 'invite.redeemed') AND e.family_id IS NOT NULL
                  AND ($3::text IS NULL OR e.family_id = $3)
            ), top AS (
                SELECT family_id,
                       coalesce(sum(count) FILTER (WHERE type = 'invite.created'), 0)::bigint AS issued,
                       coalesce(sum(count) FILTER (WHERE type = 'invite.redeemed'), 0)::bigint AS redeemed
                FROM counts GROUP BY family_id
                ORDER BY issued DESC, family_id LIMIT $4
            )
            SELECT t.family_id,
                   (SELECT i.family_name FROM baton.invites i WHERE i.family_id = t.family_id ORDER BY i.created_at DESC LIMIT 1) AS family_name,
                   t.issued, t.redeemed
            FROM top t ORDER BY t.issued DESC, t.family_id
            """)
}
