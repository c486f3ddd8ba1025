import Foundation
import Postgres

/// Loads millions of rows into the real tables the way `pg_restore` does:
/// drops the tables' indexes, keys and the foreign keys on or to them, runs
/// the load, and builds them again from their saved definitions, all in one
/// transaction (a failure leaves the schema as it was). Then it vacuums,
/// checkpoints and waits for autovacuum to go quiet, so that a measurement
/// that follows doesn't share the disk with the load's aftermath.
///
/// Why: each row inserted into a table with random-keyed indexes (uuids,
/// hashes) dirties a random page of each index; past `shared_buffers` every
/// such page is written out, and after each checkpoint it is logged whole
/// (full-page writes). Building an index from sorted input writes each page
/// once. The rebuilt indexes are the same indexes (same definitions, unique
/// ones still checked), only packed tighter than years of inserts would
/// leave them, as after a `REINDEX` or a restore.
///
/// For benchmark databases only: the tables are locked for the whole load.
enum BulkLoad {
    /// Drops the indexes and keys of `tables` (schema-qualified names) and
    /// the foreign keys on or to them, runs `load`, re-creates them and
    /// settles (waiting for `quietSeconds` without autovacuum); `progress`
    /// hears each long step.
    /// - Throws: `PostgresError` from the database, or what `load` throws;
    ///   the transaction is rolled back then.
    static func run(
        tables: [String], on connection: PostgresConnection, quietSeconds: Int = 5, progress: (String) -> Void,
        _ load: (PostgresConnection) throws -> Void
    ) throws {
        try connection.transaction { connection in
            let definitions = try connection.query(definitionsSQL, [tables]).map { row in
                (
                    name: try row.decode(String.self, "name"), drop: try row.decode(String.self, "drop_sql"),
                    create: try row.decode(String.self, "create_sql")
                )
            }
            for definition in definitions.reversed() {
                try connection.runScript(definition.drop)
            }
            try load(connection)
            progress("building \(definitions.count) indexes and keys ...")
            try connection.runScript("SET LOCAL maintenance_work_mem = '1GB'")
            for definition in definitions {
                try connection.runScript(definition.create)
            }
        }
        try settle(tables: tables, on: connection, quietSeconds: quietSeconds, progress: progress)
    }

    /// Vacuums (setting hint bits and the visibility map, which the first
    /// readers would otherwise do) and analyzes `tables`, checkpoints, and waits until no autovacuum worker
    /// of the cluster has run for `quietSeconds` in a row (two minutes at most).
    /// - Throws: `PostgresError`; CHECKPOINT needs superuser or `pg_checkpoint`.
    static func settle(tables: [String], on connection: PostgresConnection, quietSeconds: Int, progress: (String) -> Void) throws {
        progress("vacuuming, checkpointing and waiting for autovacuum to go quiet ...")
        for table in tables {
            try connection.runScript("VACUUM (ANALYZE) \(table)")
        }
        try connection.runScript("CHECKPOINT")
        let deadline = ContinuousClock.now + .seconds(120)
        var quiet = 0
        while quiet < quietSeconds, ContinuousClock.now < deadline {
            let workers: Int = try connection.query(autovacuumWorkersSQL)[0].decode(at: 0)
            quiet = workers == 0 ? quiet + 1 : 0
            Thread.sleep(forTimeInterval: 1)
        }
    }

    /// Each index-owning constraint, foreign key and plain index to drop
    /// for tables $1, in creation order (name, drop statement, create
    /// statement): indexes, then keys, then the foreign keys that need them.
    static let definitionsSQL = """
        WITH target AS (SELECT unnest($1::text[])::regclass AS relation),
        items AS (
            SELECT 1 AS step, i.indexrelid::regclass::text AS name,
                   format('DROP INDEX %s', i.indexrelid::regclass) AS drop_sql, pg_get_indexdef(i.indexrelid) AS create_sql
            FROM pg_index i JOIN target t ON i.indrelid = t.relation
            WHERE NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.contype IN ('p', 'u', 'x'))
            UNION ALL
            SELECT CASE WHEN c.contype = 'f' THEN 3 ELSE 2 END, c.conname,
                   format('ALTER TABLE %s DROP CONSTRAINT %I', c.conrelid::regclass, c.conname),
                   format('ALTER TABLE %s ADD CONSTRAINT %I %s', c.conrelid::regclass, c.conname, pg_get_constraintdef(c.oid))
            FROM pg_constraint c
            WHERE (c.contype IN ('p', 'u', 'x') AND c.conrelid IN (SELECT relation FROM target))
               OR (c.contype = 'f' AND (c.conrelid IN (SELECT relation FROM target) OR c.confrelid IN (SELECT relation FROM target)))
        )
        SELECT name, drop_sql, create_sql FROM items ORDER BY step, name
        """

    static let autovacuumWorkersSQL = "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'autovacuum worker'"
}
