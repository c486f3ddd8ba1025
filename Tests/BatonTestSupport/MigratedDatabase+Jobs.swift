import Postgres

/// Rows the queue and expiry tests start from, inserted set-wise.
extension MigratedDatabase {
    /// Enqueues `count` jobs of `kind` set-wise.
    public func insertJobs(_ count: Int, kind: String = "test.noop") throws {
        try connection.query(
            "INSERT INTO baton.jobs (kind, args) SELECT $1, jsonb_build_object('n', i) FROM generate_series(1, $2::int8) AS i",
            [kind, count])
    }

    /// Inserts `count` active invites that expired a day ago.
    public func insertDueInvites(_ count: Int) throws {
        try connection.query(
            """
            INSERT INTO baton.invites (family_id, family_name, code_hash, token_hash, created_at, expires_at)
            SELECT 'family-' || (i % 100), 'Family', sha256(('c' || i)::bytea), sha256(('t' || i)::bytea),
                   now() - interval '2 days', now() - interval '1 day'
            FROM generate_series(1, $1::int8) AS i
            """, [count])
    }
}
