import BatonCore
import Postgres

/// Leader election through a lease row in `baton.leaders`.
///
/// Why a row and not `pg_try_advisory_lock`: a session advisory lock lives on
/// one connection, so it needs a dedicated connection (PgBouncer in
/// transaction mode breaks it) and it is lost silently, and instantly, on any
/// reconnect. A lease row works through any pooler and is judged by the
/// database's clock alone.
///
/// Failure modes, and why they are safe here:
/// - The leader dies: nobody renews, and another worker takes the row once
///   `expires_at` passes (at most one lease later).
/// - The leader stalls longer than the lease (a long pause, a partition) and
///   resumes: for a moment two workers may both believe they lead. Every
///   periodic task is set-wise with `SKIP LOCKED` and idempotent, so running
///   it twice costs time, not correctness. A stalled leader finds out at its
///   next renewal and stops.
/// - The database is unreachable: nobody can renew or run tasks anyway.
enum LeaderLease {
    /// Takes the lease for `role` when it is free or expired, or renews it
    /// when `holder` already has it. Returns whether `holder` leads now.
    static func acquire(role: String, holder: String, lease: Duration, on connection: PostgresConnection) throws -> Bool {
        try !connection.query(acquireStatement, [role, holder, lease / .seconds(1)]).isEmpty
    }

    /// Gives the lease up so another worker takes over at once.
    static func resign(role: String, holder: String, on connection: PostgresConnection) throws {
        try connection.query(resignStatement, [role, holder])
    }

    static let acquireStatement = PostgresStatement(
        name: "leaders_acquire",
        sql: """
            INSERT INTO baton.leaders AS l (role, holder, expires_at)
            VALUES ($1, $2, now() + make_interval(secs => $3))
            ON CONFLICT (role) DO UPDATE
            SET holder = excluded.holder, expires_at = excluded.expires_at,
                acquired_at = CASE WHEN l.holder = excluded.holder THEN l.acquired_at ELSE now() END
            WHERE l.holder = excluded.holder OR l.expires_at < now()
            RETURNING holder
            """)

    static let resignStatement = PostgresStatement(
        name: "leaders_resign",
        sql: """
            DELETE FROM baton.leaders WHERE role = $1 AND holder = $2
            """)
}
