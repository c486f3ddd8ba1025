import BatonTestSupport
import Foundation
import Postgres
import Synchronization
import Testing

extension PostgresModuleTests {
    @Suite(.timeLimit(.minutes(10))) struct PostgresErrorTests {
        static let database = SuiteDatabase()

        static let schema = """
            DROP TABLE IF EXISTS child, parent;
            CREATE TABLE parent (id int PRIMARY KEY, email text UNIQUE);
            CREATE TABLE child (id int PRIMARY KEY, parent_id int NOT NULL REFERENCES parent(id));
            INSERT INTO parent VALUES (1, 'taken@example.com'), (2, 'other@example.com');
            """

        func prepared() throws -> PostgresConnection {
            let connection = try Self.database.connect()
            try connection.runScript(Self.schema)
            return connection
        }

        @Test(
            "SQLSTATEs map to stable codes, unnamed ones to their class",
            arguments: [
                ("23505", "unique_violation"), ("23503", "foreign_key_violation"), ("40001", "serialization_failure"),
                ("40P01", "deadlock_detected"), ("57014", "query_canceled"), ("57P01", "admin_shutdown"),
                ("08006", "connection_failure"), ("08P01", "protocol_violation"), ("42P01", "undefined_table"),
                ("23000", "integrity_constraint_violation"), ("40002", "transaction_rollback"), ("XX000", "server_error"),
            ])
        func sqlStateMapsToCode(_ sqlState: String, _ code: String) {
            #expect(PostgresError.Code(sqlState: sqlState).rawValue == code)
        }

        @Test("a duplicate key is unique_violation naming the constraint, not the value")
        func uniqueViolation() throws {
            let connection = try prepared()
            let error = #expect(throws: PostgresError.self) {
                try connection.query("INSERT INTO parent VALUES ($1, $2)", [3, "taken@example.com"])
            }
            #expect(error?.code == .uniqueViolation)
            #expect(error?.sqlState == "23505")
            #expect(error?.constraint == "parent_email_key")
            let description = error.map { String(describing: $0) } ?? ""
            #expect(description.contains("unique_violation"))
            #expect(!description.contains("taken@example.com"))
            #expect(!description.contains("INSERT"))
        }

        @Test("a dangling reference is foreign_key_violation")
        func foreignKeyViolation() throws {
            let connection = try prepared()
            let error = #expect(throws: PostgresError.self) {
                try connection.query("INSERT INTO child VALUES ($1, $2)", [1, 99])
            }
            #expect(error?.code == .foreignKeyViolation)
            #expect(error?.constraint == "child_parent_id_fkey")
        }

        @Test("a missing table is undefined_table")
        func undefinedTable() throws {
            let connection = try Self.database.connect()
            let error = #expect(throws: PostgresError.self) { try connection.query("SELECT * FROM nowhere") }
            #expect(error?.code == .undefinedTable)
        }

        @Test("a statement over its timeout, named or not, is query_canceled and the timeout does not linger")
        func statementTimeout() throws {
            let connection = try Self.database.connect()
            let error = #expect(throws: PostgresError.self) {
                try connection.query("SELECT pg_sleep(2)", timeout: .milliseconds(50))
            }
            #expect(error?.code == .queryCanceled)
            #expect(try connection.query("SHOW statement_timeout")[0].decode(String.self, at: 0) == "0")
            let fast = try connection.query("SELECT 7", timeout: .seconds(1))
            #expect(try fast[0].decode(Int.self, at: 0) == 7)
            let sleep = PostgresStatement(name: "sleep", sql: "SELECT pg_sleep($1)")
            let named = #expect(throws: PostgresError.self) {
                try connection.query(sleep, [2.0], timeout: .milliseconds(50))
            }
            #expect(named?.code == .queryCanceled)
        }

        @Test("a pool's statement timeout applies to every connection it opens")
        func poolStatementTimeout() throws {
            let pool = PostgresPool(PostgresPoolConfiguration(conninfo: try Self.database.conninfo(), statementTimeout: .milliseconds(150)))
            defer { pool.close() }
            let error = #expect(throws: PostgresError.self) {
                try pool.withConnection { try $0.query("SELECT pg_sleep(2)") }
            }
            #expect(error?.code == .queryCanceled)
            #expect(try pool.withConnection { try $0.query("SHOW statement_timeout")[0].decode(String.self, at: 0) } == "150ms")
        }

        @Test("two transactions locking rows in opposite order get deadlock_detected")
        func deadlockDetected() throws {
            let first = try prepared()
            let second = try Self.database.connect()
            try first.runScript("BEGIN; UPDATE parent SET email = 'a' WHERE id = 1")
            try second.runScript("BEGIN; UPDATE parent SET email = 'b' WHERE id = 2")
            let firstPID: Int32 = try first.query("SELECT pg_backend_pid()")[0].decode(at: 0)
            let observer = try Self.database.connect()
            defer { observer.close() }
            let firstOutcome = Mutex<PostgresError?>(nil)
            let transfer = UncheckedBox(first)
            let done = onThread {
                do {
                    try transfer.value.query("UPDATE parent SET email = 'c' WHERE id = 2")
                } catch let error as PostgresError {
                    firstOutcome.withLock { $0 = error }
                } catch {}
            }
            // The second's UPDATE must close the cycle: the first waits on its lock.
            let blocked = try eventually {
                try observer.query("SELECT count(*) FROM pg_stat_activity WHERE pid = $1 AND wait_event_type = 'Lock'", [firstPID])[0]
                    .decode(Int.self, at: 0) == 1
            }
            #expect(blocked, "the first transaction never waited on the second's row lock")
            var secondError: PostgresError?
            do {
                try second.query("UPDATE parent SET email = 'd' WHERE id = 1")
            } catch {
                secondError = error
            }
            try second.runScript("ROLLBACK")
            done.wait()
            let codes = [secondError?.code, firstOutcome.withLock { $0?.code }]
            #expect(codes.filter { $0 == .deadlockDetected }.count == 1)
        }
    }
}

/// Hands a non-Sendable value to one other thread that alone uses it until the
/// test joins that thread.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
