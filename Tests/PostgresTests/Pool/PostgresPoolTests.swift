import BatonTestSupport
import Foundation
import Postgres
import Synchronization
import Testing

extension PostgresModuleTests {
    @Suite(.timeLimit(.minutes(10))) struct PostgresPoolTests {
        static let database = SuiteDatabase()

        func pool(
            max: Int = 2, acquireTimeout: Duration = .seconds(5), maxLifetime: Duration = .seconds(60)
        ) throws -> PostgresPool {
            PostgresPool(
                PostgresPoolConfiguration(
                    conninfo: try Self.database.conninfo(), maxConnections: max, acquireTimeout: acquireTimeout,
                    maxLifetime: maxLifetime))
        }

        func backendPID(_ connection: PostgresConnection) throws -> Int32 {
            try connection.query("SELECT pg_backend_pid()")[0].decode(at: 0)
        }

        /// Holds `count` connections of `pool` on other threads until the
        /// returned semaphore is signalled `count` times.
        func hold(_ count: Int, of pool: PostgresPool) -> (release: DispatchSemaphore, done: [DispatchSemaphore]) {
            let release = DispatchSemaphore(value: 0)
            let done = (0..<count).map { _ in
                onThread { _ = try? pool.withConnection { _ in release.wait() } }
            }
            return (release, done)
        }

        @Test("when every connection is busy a caller gets pool_exhausted after the timeout")
        func exhaustedPoolTimesOut() throws {
            let pool = try pool(max: 2, acquireTimeout: .milliseconds(200))
            let (release, done) = hold(2, of: pool)
            #expect(eventually { pool.statistics.inUse == 2 })
            let started = ContinuousClock.now
            #expect(throws: PostgresError(.poolExhausted)) { try pool.withConnection { _ in } }
            #expect(ContinuousClock.now - started >= .milliseconds(190))
            let statistics = pool.statistics
            #expect(statistics.totalTimeouts == 1)
            #expect(statistics.waiting == 0)
            done.forEach { _ in release.signal() }
            done.forEach { $0.wait() }
            #expect(
                pool.statistics
                    == PostgresPoolStatistics(
                        inUse: 0, idle: 2, waiting: 0, totalOpened: 2, totalTimeouts: 1, maxConnections: 2))
        }

        @Test("waiters are served in the order they arrived")
        func waitersAreServedFirstComeFirstServed() throws {
            let pool = try pool(max: 1)
            let (release, holder) = hold(1, of: pool)
            #expect(eventually { pool.statistics.inUse == 1 })
            let order = Mutex<[Int]>([])
            var waiters: [DispatchSemaphore] = []
            for number in 1...5 {
                waiters.append(
                    onThread {
                        _ = try? pool.withConnection { _ in order.withLock { $0.append(number) } }
                    })
                #expect(eventually { pool.statistics.waiting == number })
            }
            release.signal()
            holder[0].wait()
            waiters.forEach { $0.wait() }
            #expect(order.withLock { $0 } == [1, 2, 3, 4, 5])
        }

        @Test("a transaction left open by the body is rolled back when the connection returns")
        func leakedTransactionIsRolledBack() throws {
            let pool = try pool(max: 1)
            try pool.withConnection { try $0.runScript("DROP TABLE IF EXISTS leak; CREATE TABLE leak (id int)") }
            try pool.withConnection { try $0.runScript("BEGIN; INSERT INTO leak VALUES (1)") }
            let count: Int = try pool.withConnection { connection in
                #expect(!connection.isInTransaction)
                return try connection.query("SELECT count(*) FROM leak")[0].decode(at: 0)
            }
            #expect(count == 0)
        }

        @Test("an idle connection whose backend was terminated is replaced without an error")
        func terminatedIdleConnectionIsReplaced() throws {
            let pool = try pool(max: 1)
            let first = try pool.withConnection(backendPID)
            try Self.database.connect().query("SELECT pg_terminate_backend($1)", [first])
            #expect(eventually { (try? self.isGone(first)) == true })
            let second = try pool.withConnection(backendPID)
            #expect(second != first)
            #expect(pool.statistics.totalOpened == 2)
        }

        @Test("a connection past its maximum lifetime is closed instead of reused")
        func maxLifetimeReplacesConnections() throws {
            let pool = try pool(max: 1, maxLifetime: .milliseconds(500))
            let first = try pool.withConnection(backendPID)
            #expect(try pool.withConnection(backendPID) == first)
            // Real time past the 500 ms lifetime is the point.
            Thread.sleep(forTimeInterval: 0.6)
            #expect(try pool.withConnection(backendPID) != first)
            #expect(pool.statistics.totalOpened == 2)
        }

        @Test(
            "a connection under an endless maximum lifetime is reused",
            arguments: [Duration.seconds(Int64.max), .seconds(1) * 1_000_000_000])
        func endlessLifetimeKeepsConnections(_ maxLifetime: Duration) throws {
            let pool = try pool(max: 1, maxLifetime: maxLifetime)
            let first = try pool.withConnection(backendPID)
            #expect(try pool.withConnection(backendPID) == first)
            #expect(pool.statistics.totalOpened == 1)
        }

        @Test("a pool without named statements runs them unnamed, so nothing is left prepared on its connections")
        func unnamedStatements() throws {
            let pool = PostgresPool(
                PostgresPoolConfiguration(conninfo: try Self.database.conninfo(), maxConnections: 1, namedStatements: false))
            defer { pool.close() }
            let double = PostgresStatement(name: "unnamed_scale", sql: "SELECT $1::int8 * 2")
            let (answer, prepared) = try pool.withConnection { connection in
                (
                    try connection.query(double, [21])[0].decode(Int.self, at: 0),
                    try connection.query("SELECT count(*) FROM pg_prepared_statements")[0].decode(Int.self, at: 0)
                )
            }
            #expect(answer == 42)
            #expect(prepared == 0)
        }

        func isGone(_ pid: Int32) throws -> Bool {
            let rows = try Self.database.connect().query("SELECT 1 FROM pg_stat_activity WHERE pid = $1", [pid])
            return rows.isEmpty
        }

        @Test("a connection lost mid-transaction is not retried")
        func midTransactionFailureIsNotRetried() throws {
            let pool = try pool(max: 1)
            let runs = Mutex(0)
            let error = #expect(throws: PostgresError.self) {
                try pool.transaction { connection in
                    runs.withLock { $0 += 1 }
                    let pid = try backendPID(connection)
                    try Self.database.connect().query("SELECT pg_terminate_backend($1)", [pid])
                    try connection.query("SELECT 1")
                }
            }
            #expect(error?.isConnectionFailure == true)
            #expect(runs.withLock { $0 } == 1)
            #expect(try pool.withConnection { try $0.query("SELECT 1").count } == 1)
        }

        @Test("a failed connect is connection_failed and gives its slot back")
        func failedConnectFreesSlot() {
            let pool = PostgresPool(
                PostgresPoolConfiguration(
                    conninfo: "host=/nonexistent port=1", maxConnections: 1, acquireTimeout: .milliseconds(200)))
            for _ in 0..<2 {
                #expect(throws: PostgresError.self) { try pool.withConnection { _ in } }
            }
            #expect(pool.statistics.inUse == 0)
            #expect(pool.statistics.totalTimeouts == 0)
        }

        @Test("a closed pool refuses callers with connection_closed")
        func closedPoolRefuses() throws {
            let pool = try pool()
            try pool.withConnection { _ in }
            pool.close()
            #expect(throws: PostgresError(.connectionClosed)) { try pool.withConnection { _ in } }
            #expect(pool.statistics.idle == 0)
        }

        @Test("after the server restarts the pool reconnects transparently")
        func recoversAfterServerRestart() throws {
            let cluster = try TestPostgres.privateCluster()
            let pool = PostgresPool(
                PostgresPoolConfiguration(conninfo: cluster.connectionString, maxConnections: 2, acquireTimeout: .seconds(10)))
            let (release, done) = hold(2, of: pool)
            #expect(eventually { pool.statistics.inUse == 2 })
            done.forEach { _ in release.signal() }
            done.forEach { $0.wait() }
            #expect(pool.statistics.idle == 2)
            try cluster.restart()
            #expect(try pool.withConnection { try $0.query("SELECT 1").count } == 1)
            try pool.transaction { try $0.query("SELECT 1") }
            #expect(pool.statistics.totalOpened >= 3)
        }
    }
}
