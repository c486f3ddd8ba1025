import BatonTestSupport
import Foundation
import Postgres
import Synchronization
import Testing

extension PostgresModuleTests {
    @Suite(.timeLimit(.minutes(10))) struct PostgresConnectionTransactionTests {
        static let database = SuiteDatabase()

        struct Abort: Error {}

        func freshCounter() throws -> PostgresConnection {
            let connection = try Self.database.connect()
            try connection.runScript(
                """
                DROP TABLE IF EXISTS counter; CREATE TABLE counter (id int PRIMARY KEY, value int NOT NULL);
                INSERT INTO counter VALUES (1, 0);
                """)
            return connection
        }

        func value(_ connection: PostgresConnection) throws -> Int {
            try connection.query("SELECT value FROM counter WHERE id = 1")[0].decode(at: 0)
        }

        @Test("a transaction commits what its body did")
        func commits() throws {
            let connection = try freshCounter()
            try connection.transaction { try $0.query("UPDATE counter SET value = 5") }
            #expect(try value(connection) == 5)
        }

        @Test("an error thrown by the body rolls back and is rethrown unchanged")
        func rollsBackOnThrow() throws {
            let connection = try freshCounter()
            #expect(throws: Abort.self) {
                try connection.transaction { connection in
                    try connection.query("UPDATE counter SET value = 5")
                    throw Abort()
                }
            }
            #expect(!connection.isInTransaction)
            #expect(try value(connection) == 0)
        }

        @Test("a failed statement the body swallowed still rolls back, as in_failed_sql_transaction")
        func swallowedFailureRollsBack() throws {
            let connection = try freshCounter()
            #expect(throws: PostgresError(.inFailedTransaction)) {
                try connection.transaction { connection in
                    try connection.query("UPDATE counter SET value = 5")
                    _ = try? connection.query("SELECT * FROM nowhere")
                }
            }
            #expect(try value(connection) == 0)
        }

        /// Two SERIALIZABLE transactions read the counter, wait for each other,
        /// then both write it: one fails with serialization_failure.
        func race(retries: Int) throws -> (results: [Result<Void, any Error>], attempts: Int, final: Int) {
            try freshCounter().close()
            let bothRead = DispatchGroup()
            bothRead.enter()
            bothRead.enter()
            let attempts = Mutex(0)
            let results = Mutex<[Result<Void, any Error>]>([])
            let conninfo = try Self.database.conninfo()
            let threads = (0..<2).map { _ in
                onThread {
                    let outcome = Result<Void, any Error> {
                        let connection = try PostgresConnection(conninfo)
                        try connection.transaction(isolation: .serializable, retries: retries) { connection in
                            let current: Int = try connection.query("SELECT value FROM counter")[0].decode(at: 0)
                            if attempts.withLock({
                                $0 += 1
                                return $0
                            }) <= 2 {
                                bothRead.leave()
                                _ = bothRead.wait(timeout: .now() + 5)
                            }
                            try connection.query("UPDATE counter SET value = $1", [current + 1])
                        }
                    }
                    results.withLock { $0.append(outcome) }
                }
            }
            threads.forEach { $0.wait() }
            return (results.withLock { $0 }, attempts.withLock { $0 }, try value(Self.database.connect()))
        }

        @Test("racing SERIALIZABLE transactions: one fails with serialization_failure without retries")
        func serializationFailureWithoutRetry() throws {
            let (results, _, final) = try race(retries: 0)
            let codes = results.compactMap { result -> PostgresError.Code? in
                guard case .failure(let error as PostgresError) = result else { return nil }
                return error.code
            }
            #expect(codes == [.serializationFailure])
            #expect(final == 1)
        }

        @Test("racing SERIALIZABLE transactions both succeed when the loser is retried")
        func serializationRetrySucceeds() throws {
            let (results, attempts, final) = try race(retries: 3)
            #expect(results.allSatisfy { if case .success = $0 { true } else { false } })
            #expect(attempts == 3)
            #expect(final == 2)
        }
    }
}
