extension FunnelBenchmark {
    /// $1 invites, $2 families. Created uniformly over the last 90 days;
    /// 20 % are past expiry (and will be `expired`), 3 % revoked.
    static let generateInvites = """
        INSERT INTO baton.invites (family_id, family_name, code_hash, token_hash, state, created_at, expires_at, finalized_at)
        SELECT 'family-' || (i % $2::int8), 'Family', sha256(('c' || i)::bytea), sha256(('t' || i)::bytea),
               CASE WHEN i % 5 = 0 THEN 'expired' WHEN i % 33 = 1 THEN 'revoked' ELSE 'active' END,
               created, created + interval '3 days', NULL
        FROM generate_series(1, $1::int8) AS i,
             LATERAL (SELECT now() - interval '90 days' * ((i * 7919) % 1000003) / 1000003.0 AS created) AS c
        """

    /// Every invite's events, set-wise: created; previewed (60 %); redeemed
    /// (40 %, channel by id, seconds to days after creation); expired; revoked.
    static let generateEvents = """
        INSERT INTO baton.events (type, invite_id, family_id, channel, occurred_at)
        SELECT e.type, i.id, i.family_id, e.channel, i.created_at + e.after
        FROM (SELECT id, family_id, created_at, state, abs(hashtext(id::text)) AS h FROM baton.invites) AS i,
             LATERAL (VALUES
                 ('invite.created', NULL, interval '0', true),
                 ('invite.previewed', 'clip', (i.h % 3600) * interval '1 second', i.h % 10 < 6),
                 ('invite.redeemed', (ARRAY['app', 'clip', 'web', 'backend'])[1 + i.h % 4],
                  interval '1 second' * exp((i.h % 1000) / 1000.0 * ln(200000)), i.h % 10 < 4 AND i.state = 'active'),
                 ('invite.expired', NULL, interval '3 days', i.state = 'expired'),
                 ('invite.revoked', NULL, interval '1 hour', i.state = 'revoked')
             ) AS e(type, channel, after, happened)
        WHERE e.happened AND i.created_at + e.after < now()
        """

    /// $1 events: fresh `invite.previewed` events of existing invites, not rolled up.
    static let generateTail = """
        INSERT INTO baton.events (type, invite_id, family_id, channel)
        SELECT 'invite.previewed', id, family_id, 'clip' FROM baton.invites LIMIT $1
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

    /// The funnel's counts without rollups: $1 from, $2 to.
    static let rawCount = """
        SELECT date_bin('1 day', occurred_at, timestamptz '2001-01-01 00:00:00+00'), type, count(*)
        FROM baton.events WHERE occurred_at >= $1 AND occurred_at < $2 GROUP BY 1, 2
        """
}
