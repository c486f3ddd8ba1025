import BatonTestSupport
import Foundation
import Postgres
import Synchronization
import Testing

extension PostgresModuleTests {
    @Suite(.timeLimit(.minutes(10))) struct CommitSignalTests {
        static let database = SuiteDatabase()
        static let thing = CommitSignal("thing_done")
        static let other = CommitSignal("other_thing_done")

        struct Abort: Error {}

        /// Every hand-over an observer received, in order.
        final class Handed: Sendable {
            private let received = Mutex<[Set<CommitSignal>]>([])
            func observe(_ signals: Set<CommitSignal>) { received.withLock { $0.append(signals) } }
            var all: [Set<CommitSignal>] { received.withLock { $0 } }
        }

        /// A connection whose observer records every hand-over.
        func observed() throws -> (PostgresConnection, Handed) {
            let connection = try Self.database.connect()
            try connection.runScript(
                """
                DROP TABLE IF EXISTS done;
                CREATE TABLE done (id int, CONSTRAINT done_once UNIQUE (id) DEFERRABLE INITIALLY DEFERRED);
                """)
            let handed = Handed()
            connection.commitObserver = handed.observe
            return (connection, handed)
        }

        @Test("a signal raised in a transaction is handed over after COMMIT, once, with the others raised beside it")
        func handedOverAtCommit() throws {
            let (connection, handed) = try observed()
            try connection.transaction { connection in
                try connection.query("INSERT INTO done VALUES (1)")
                connection.raise(afterCommit: Self.thing)
                connection.raise(afterCommit: Self.thing)
                connection.raise(afterCommit: Self.other)
                #expect(handed.all.isEmpty, "nothing before COMMIT")
            }
            #expect(handed.all == [[Self.thing, Self.other]])
        }

        @Test("a transaction that rolls back hands nothing over, and the next one only its own")
        func rollbackHandsNothingOver() throws {
            let (connection, handed) = try observed()
            #expect(throws: Abort.self) {
                try connection.transaction { connection in
                    connection.raise(afterCommit: Self.thing)
                    throw Abort()
                }
            }
            #expect(handed.all.isEmpty)
            try connection.transaction { $0.raise(afterCommit: Self.other) }
            #expect(handed.all == [[Self.other]])
        }

        @Test("a COMMIT that fails (a deferred unique constraint) hands nothing over")
        func failedCommitHandsNothingOver() throws {
            let (connection, handed) = try observed()
            #expect(throws: PostgresError.self) {
                try connection.transaction { connection in
                    try connection.query("INSERT INTO done VALUES (1), (1)")
                    connection.raise(afterCommit: Self.thing)
                }
            }
            #expect(try connection.query("SELECT count(*) FROM done")[0].decode(Int.self, at: 0) == 0)
            #expect(handed.all.isEmpty)
        }

        @Test("outside a transaction the statement has committed, so the signal is handed over at once")
        func autocommitHandsOverAtOnce() throws {
            let (connection, handed) = try observed()
            try connection.query("INSERT INTO done VALUES (1)")
            connection.raise(afterCommit: Self.thing)
            #expect(handed.all == [[Self.thing]])
        }

        @Test("a pooled connection hands its signals to the pool's observer")
        func poolSetsTheObserver() throws {
            let handed = Handed()
            let pool = PostgresPool(PostgresPoolConfiguration(conninfo: try Self.database.conninfo(), commitObserver: handed.observe))
            defer { pool.close() }
            try pool.transaction { $0.raise(afterCommit: Self.thing) }
            #expect(handed.all == [[Self.thing]])
        }
    }
}
