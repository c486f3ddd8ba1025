extension FunnelBenchmark {
    /// $1 events: fresh `invite.previewed` events of existing invites, not rolled up.
    static let generateTail = """
        INSERT INTO baton.events (type, invite_id, family_id, channel)
        SELECT 'invite.previewed', id, family_id, 'clip' FROM baton.invites LIMIT $1
        """

    /// What an earlier run left: `invites` (how many) and `rolled_up`
    /// (whether both rollups have stepped past the start).
    static let reusableHistory = """
        SELECT (SELECT count(*) FROM baton.invites)::int8 AS invites,
               coalesce((SELECT bool_and(watermark_id > 0) FROM baton.funnel_rollup_state), false)
                   AND coalesce((SELECT bool_and(watermark_id > 0) FROM baton.journey_rollup_state), false) AS rolled_up
        """

    /// The plainest read of the same rollup rows (counts per day and type,
    /// latency bins): $1 from, $2 to.
    static let plainRollup = plainSQL(infix: "", family: "")

    /// The same for one family: $1 from, $2 to, $3 family.
    static let plainFamilyRollup = plainSQL(infix: "family_", family: "family_id = $3 AND ")

    private static func plainSQL(infix: String, family: String) -> String {
        """
        SELECT date_bin('1 day', hour, timestamptz '2001-01-01 00:00:00+00'), type, sum(count)
        FROM baton.funnel_rollup_\(infix)hourly WHERE \(family)hour >= $1 AND hour < $2 GROUP BY 1, 2
        UNION ALL
        SELECT NULL, bin::text, sum(count) FROM baton.redeem_latency_\(infix)hourly WHERE \(family)hour >= $1 AND hour < $2 GROUP BY bin
        """
    }

    /// The stage funnel's counts, plainly: $1 from, $2 to.
    static let plainStageCount = plainStages("date_bin('1 day', s.first_at, timestamptz '2001-01-01 00:00:00+00'), s.stage")

    /// The same for one family's invites: $1 from, $2 to, $3 family.
    static let plainFamilyStageCount = plainStages(
        "date_bin('1 day', s.first_at, timestamptz '2001-01-01 00:00:00+00'), s.stage", family: "i.family_id = $3 AND ")

    /// The stage rows of the range per family and stage: $1 from, $2 to.
    static let plainStageCountByFamily = plainStages("i.family_id, s.stage", family: "")

    /// `count(*)` of the stage rows of the range grouped by `columns` (two),
    /// joined to their invites when `family` (a filter on them) is given.
    private static func plainStages(_ columns: String, family: String? = nil) -> String {
        """
        SELECT \(columns), count(*)
        FROM baton.invite_stages s\(family == nil ? "" : " JOIN baton.invites i ON i.id = s.invite_id")
        WHERE \(family ?? "")s.first_at >= $1 AND s.first_at < $2 GROUP BY 1, 2
        """
    }

    /// The funnel's counts without rollups: $1 from, $2 to.
    static let rawCount = """
        SELECT date_bin('1 day', occurred_at, timestamptz '2001-01-01 00:00:00+00'), type, count(*)
        FROM baton.events WHERE occurred_at >= $1 AND occurred_at < $2 GROUP BY 1, 2
        """
}
