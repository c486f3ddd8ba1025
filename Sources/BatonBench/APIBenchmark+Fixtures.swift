import BatonCore
import BatonLinks
import Foundation
import Postgres

extension APIBenchmark {
    /// The benchmark's database rows and files: invites for each side, the
    /// credential files wrk reads, the pgbench scripts' SQL and the C
    /// ceiling's statement files, an API key.
    struct Fixtures {
        let configuration: BatonConfiguration
        let apiKey: String
        let previewFile: URL
        let redeemFile: URL
        /// Fresh invites of the C ceiling's redeem runs.
        let ceilingRedeemFile: URL
        /// `RedemptionStore`'s preview and redeem SQL, for the C ceiling to prepare.
        let previewSQLFile: URL
        let redeemSQLFile: URL
        let luaScript: URL
        let previewPgbenchSQL: String
        let redeemPgbenchSQL: String
        /// Fresh invites made for each side before the warm-up (``addRedeemInvites(_:after:)`` adds more).
        let freshLines: Int
        private let conninfo: String

        /// Fixed, so a database filled by one run serves the next; random
        /// bytes written down once, as the secret strength rules require.
        static let secret = "63947db5193a8d482686b4a0148ef7b0ae35f619712f6ef07dde1f7c3d2871cb"

        static func prepare(_ options: Options) throws(BenchmarkError) -> Fixtures {
            do {
                return try make(options)
            } catch let error as BenchmarkError {
                throw error
            } catch {
                throw BenchmarkError(code: "setup_failed", message: "Could not prepare the database and files: \(error)")
            }
        }

        private static func make(_ options: Options) throws -> Fixtures {
            let configuration = try BatonConfiguration(environment: [
                "BATON_DATABASE_URL": options.conninfo, "BATON_SECRET_KEY": secret, "BATON_LISTEN": "127.0.0.1:0",
                "BATON_HTTP_THREADS": String(options.databaseClients), "BATON_DB_POOL_SIZE": String(options.databaseClients),
                "BATON_RATE_LIMITS": "off", "BATON_PUBLIC_BASE_URL": "https://bench.example",
            ])
            let script = options.repository.appendingPathComponent("bench/api/credentials.lua")
            guard FileManager.default.fileExists(atPath: script.path) else {
                throw BenchmarkError(code: "setup_failed", message: "No \(script.path): run from the repository root.")
            }
            let connection = try PostgresConnection(options.conninfo)
            defer { connection.close() }
            try Migrator().migrate(on: connection)
            try connection.runScript(resetTables)
            let hasher = KeyedHasher(secret: configuration.secretKey, purpose: .linkToken)
            let fresh = options.redeemInvites ?? Options.warmUpInvites
            let preview = try insertInvites(options.previewInvites, table: "baton_bench_preview", hasher: hasher, on: connection)
            let ours = try insertInvites(fresh, table: nil, hasher: hasher, on: connection)
            let ceiling = try insertInvites(fresh, table: nil, hasher: hasher, on: connection)
            _ = try insertInvites(fresh, table: "baton_bench_redeem", hasher: hasher, on: connection)
            // Both sides preview invites whose first preview is recorded already: the steady state.
            try connection.query("UPDATE baton.invites SET first_previewed_at = now() WHERE family_id = 'bench'")
            for table in ["baton.invites", "baton_bench_preview", "baton_bench_redeem"] {
                try connection.query("VACUUM ANALYZE \(table)")
            }
            let (key, _) = try APIKeyStore(secret: configuration.secretKey).create(
                name: "bench", scopes: [.redemptionsWrite], on: connection)
            let directory = FileManager.default.temporaryDirectory
            let previewFile = directory.appendingPathComponent("baton-bench-preview-\(getpid()).txt")
            let redeemFile = directory.appendingPathComponent("baton-bench-redeem-\(getpid()).txt")
            let ceilingRedeemFile = directory.appendingPathComponent("baton-bench-redeem-c-\(getpid()).txt")
            let previewSQLFile = directory.appendingPathComponent("baton-bench-preview-\(getpid()).sql")
            let redeemSQLFile = directory.appendingPathComponent("baton-bench-redeem-\(getpid()).sql")
            try (preview.joined(separator: "\n") + "\n").write(to: previewFile, atomically: true, encoding: .utf8)
            try (ours.joined(separator: "\n") + "\n").write(to: redeemFile, atomically: true, encoding: .utf8)
            try (ceiling.joined(separator: "\n") + "\n").write(to: ceilingRedeemFile, atomically: true, encoding: .utf8)
            try RedemptionStore.previewByToken.sql.write(to: previewSQLFile, atomically: true, encoding: .utf8)
            try RedemptionStore.redeemByToken.sql.write(to: redeemSQLFile, atomically: true, encoding: .utf8)
            return Fixtures(
                configuration: configuration, apiKey: key.text, previewFile: previewFile, redeemFile: redeemFile,
                ceilingRedeemFile: ceilingRedeemFile, previewSQLFile: previewSQLFile, redeemSQLFile: redeemSQLFile, luaScript: script,
                previewPgbenchSQL: pgbenchSQL(
                    RedemptionStore.previewByToken.sql, hash: "(SELECT token_hash FROM baton_bench_preview WHERE n = :n)",
                    arguments: ["'clip'"], preamble: "\\set n random(1, \(options.previewInvites))\n"
                ),
                redeemPgbenchSQL: pgbenchSQL(
                    RedemptionStore.redeemByToken.sql,
                    hash: "decode(:hash, 'hex')",
                    arguments: [
                        "'bench'", "'app'", "NULL", "'\(OutboxEvents.webhookKind)'", String(OutboxEvents.defaultWebhookMaxAttempts),
                        "'{}'", "NULL", "NULL",
                    ],
                    // The statement names its hash twice (the lookup and the
                    // conditional UPDATE's re-check), so the next invite is
                    // drawn once, before it, as Baton and C hash one token.
                    preamble:
                        "SELECT encode(token_hash, 'hex') AS hash FROM baton_bench_redeem WHERE n = (SELECT nextval('baton_bench_redeem_next')) \\gset\n"
                ),
                freshLines: fresh, conninfo: options.conninfo
            )
        }

        /// `sql` with `$1` replaced by `hash` and `$2…` by `arguments`, on
        /// one line as pgbench wants it.
        static func pgbenchSQL(_ sql: String, hash: String, arguments: [String], preamble: String) -> String {
            var text = sql
            for (offset, argument) in arguments.enumerated().reversed() {
                text = text.replacingOccurrences(of: "$\(offset + 2)", with: argument)
            }
            text = text.replacingOccurrences(of: "$1", with: hash)
            return preamble + text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ") + ";\n"
        }

        /// Adds `count` fresh invites for each side after the first `after`:
        /// appended to Baton's and C's credential files (wrk reads them anew
        /// each run) and numbered on in pgbench's table.
        /// - Throws: `setup_failed` when the database or a file refuses.
        func addRedeemInvites(_ count: Int, after: Int) throws(BenchmarkError) {
            do {
                let connection = try PostgresConnection(conninfo)
                defer { connection.close() }
                let hasher = KeyedHasher(secret: configuration.secretKey, purpose: .linkToken)
                for file in [redeemFile, ceilingRedeemFile] {
                    let tokens = try Self.insertInvites(count, table: nil, hasher: hasher, on: connection)
                    let handle = try FileHandle(forWritingTo: file)
                    defer { try? handle.close() }
                    try handle.seekToEnd()
                    try handle.write(contentsOf: Data((tokens.joined(separator: "\n") + "\n").utf8))
                }
                _ = try Self.insertInvites(count, table: "baton_bench_redeem", hasher: hasher, on: connection, numberedAfter: after)
                try connection.query("VACUUM ANALYZE baton_bench_redeem")
            } catch {
                throw BenchmarkError(code: "setup_failed", message: "Could not add \(count) fresh invites per side: \(error)")
            }
        }

        /// Refuses pgbench's redeem runs once they have taken more than
        /// `freshLines` invites from their sequence: past the table's end
        /// the statement finds no invite, and pgbench counts that as a
        /// transaction like any other.
        /// - Throws: `invites_exhausted`; `setup_failed` when the database refuses.
        func checkPgbenchRedeems(within freshLines: Int) throws(BenchmarkError) {
            let taken: Int
            do {
                let connection = try PostgresConnection(conninfo)
                defer { connection.close() }
                taken = try connection.query("SELECT last_value FROM baton_bench_redeem_next")[0].decode(Int.self, at: 0)
            } catch {
                throw BenchmarkError(code: "setup_failed", message: "Could not read pgbench's redeem sequence: \(error)")
            }
            guard taken <= freshLines else {
                throw BenchmarkError(
                    code: "invites_exhausted",
                    message:
                        "pgbench's redeem runs took \(taken) invites, past the \(freshLines) fresh ones per side, so its later transactions found none. Rerun with a larger --invites."
                )
            }
        }

        /// Inserts `count` invites (family `bench`, single use, a day to live)
        /// in batches and returns their tokens; with `table`, their hashes are
        /// also numbered `numberedAfter` + 1… there for pgbench.
        private static func insertInvites(
            _ count: Int, table: String?, hasher: KeyedHasher, on connection: PostgresConnection, numberedAfter: Int = 0
        ) throws -> [String] {
            var tokens: [String] = []
            for start in stride(from: 0, to: count, by: 10_000) {
                let batch = (start..<min(count, start + 10_000)).map { _ in LinkToken.generate().text }
                let hashes = batch.map { Data(hasher.hash($0)) }
                let codes = batch.map { _ in Data(Sodium.randomBytes(32)) }
                try connection.query(insertSQL, [hashes, codes])
                if let table {
                    try connection.query(
                        "INSERT INTO \(table) (n, token_hash) SELECT $1::int + i, h FROM unnest($2::bytea[]) WITH ORDINALITY AS t(h, i)",
                        [numberedAfter + start, hashes])
                }
                tokens += batch
            }
            return tokens
        }

        private static let insertSQL = """
            INSERT INTO baton.invites (family_id, family_name, inviter_name, token_hash, code_hash, expires_at)
            SELECT 'bench', 'The Bench family', 'Ada', t, c, now() + interval '1 day'
            FROM unnest($1::bytea[], $2::bytea[]) AS x(t, c)
            """

        private static let resetTables = """
            DROP TABLE IF EXISTS baton_bench_preview, baton_bench_redeem;
            DROP SEQUENCE IF EXISTS baton_bench_redeem_next;
            CREATE TABLE baton_bench_preview (n int PRIMARY KEY, token_hash bytea NOT NULL);
            CREATE TABLE baton_bench_redeem (n int PRIMARY KEY, token_hash bytea NOT NULL);
            CREATE SEQUENCE baton_bench_redeem_next;
            """

        /// Redemptions made by Baton (redeemer `bench` through the API), by
        /// the C ceiling (redeemer `bench-c`) and by pgbench, counted from the rows.
        func freshRedemptions() throws(BenchmarkError) -> (ours: Int, ceiling: Int, pgbench: Int) {
            do {
                let connection = try PostgresConnection(conninfo)
                defer { connection.close() }
                let rows = try connection.query(
                    """
                    SELECT count(*) FILTER (WHERE r.redeemer_id = 'bench' AND b.n IS NULL) AS ours,
                           count(*) FILTER (WHERE r.redeemer_id = 'bench-c') AS ceiling,
                           count(*) FILTER (WHERE b.n IS NOT NULL) AS pgbench
                    FROM baton.redemptions r JOIN baton.invites i ON i.id = r.invite_id
                    LEFT JOIN baton_bench_redeem b ON b.token_hash = i.token_hash
                    """)
                return (
                    try rows[0].decode(Int.self, "ours"), try rows[0].decode(Int.self, "ceiling"), try rows[0].decode(Int.self, "pgbench")
                )
            } catch {
                throw BenchmarkError(code: "setup_failed", message: "Could not count redemptions: \(error)")
            }
        }

        /// Vacuums and analyzes the tables the runs write, then checkpoints
        /// (when the role may: a superuser or `pg_checkpoint`), so that the
        /// dead rows and dirty pages of earlier runs are not cleaned up
        /// during the next timed one.
        /// - Throws: `setup_failed` when the database refuses.
        func settle() throws(BenchmarkError) {
            do {
                let connection = try PostgresConnection(conninfo)
                defer { connection.close() }
                try connection.query("VACUUM (ANALYZE) baton.invites, baton.redemptions, baton.events, baton.jobs")
                let mayCheckpoint = try connection.query(
                    """
                    SELECT rolsuper OR pg_has_role(current_user, 'pg_checkpoint', 'MEMBER') FROM pg_roles WHERE rolname = current_user
                    """)[0].decode(Bool.self, at: 0)
                if mayCheckpoint { try connection.query("CHECKPOINT") }
            } catch {
                throw BenchmarkError(code: "setup_failed", message: "Could not vacuum and checkpoint between repetitions: \(error)")
            }
        }

        /// Deletes the credential and statement files.
        func remove() {
            for file in [previewFile, redeemFile, ceilingRedeemFile, previewSQLFile, redeemSQLFile] {
                try? FileManager.default.removeItem(at: file)
            }
        }
    }
}
