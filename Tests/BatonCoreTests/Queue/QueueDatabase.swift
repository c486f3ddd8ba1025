import BatonCore
import BatonTestSupport
import Foundation
import Postgres

/// A fresh migrated database for one test, and a connection to it.
struct QueueDatabase {
    let conninfo: String
    let connection: PostgresConnection

    init(_ label: String = #fileID) throws {
        conninfo = try TestPostgres.shared.makeDatabase(label)
        connection = try PostgresConnection(conninfo)
        try Migrator().migrate(on: connection)
    }

    /// Enqueues `count` jobs of `kind` set-wise.
    func insertJobs(_ count: Int, kind: String = "test.noop") throws {
        try connection.query(
            "INSERT INTO baton.jobs (kind, args) SELECT $1, jsonb_build_object('n', i) FROM generate_series(1, $2::int8) AS i",
            [kind, count])
    }

    /// How many jobs are in `state`.
    func count(_ state: JobState) throws -> Int {
        try connection.query("SELECT count(*) FROM baton.jobs WHERE state = $1", [state.rawValue])[0].decode(at: 0)
    }

    /// Inserts `count` active invites that expired a day ago.
    func insertDueInvites(_ count: Int) throws {
        try connection.query("""
            INSERT INTO baton.invites (family_id, family_name, code_hash, token_hash, created_at, expires_at)
            SELECT 'family-' || (i % 100), 'Family', sha256(('c' || i)::bytea), sha256(('t' || i)::bytea),
                   now() - interval '2 days', now() - interval '1 day'
            FROM generate_series(1, $1::int8) AS i
            """, [count])
    }
}
