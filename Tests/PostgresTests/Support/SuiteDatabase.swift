import BatonTestSupport
import Foundation
import Postgres
import Testing

/// Every suite of this target runs inside this one, one test at a time, so
/// the pool's timing tests (exhaustion, FIFO waiting) are not skewed by
/// other suites' load.
@Suite(.serialized) enum PostgresModuleTests {}

/// A database of a suite's own, created on first use in the shared test server.
final class SuiteDatabase: Sendable {
    private let created: Result<String, any Error>

    init(_ label: String = #fileID) {
        created = Result { try TestPostgres.shared.makeDatabase(label) }
    }

    /// The database's connection string.
    func conninfo() throws -> String { try created.get() }

    /// A new connection to the database.
    func connect() throws -> PostgresConnection {
        try PostgresConnection(conninfo())
    }
}

/// Runs `body` on a thread of its own (never on Swift's cooperative pool, as
/// libpq calls block) and returns a semaphore signalled when it ends.
@discardableResult
func onThread(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
    let done = DispatchSemaphore(value: 0)
    Thread {
        body()
        done.signal()
    }.start()
    return done
}

/// Waits up to `seconds` for `condition`, checking every 10 ms; for states a
/// test cannot be notified of, such as a thread being queued in the pool.
func eventually(within seconds: Double = 5, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: 0.01)
    }
    return try condition()
}
