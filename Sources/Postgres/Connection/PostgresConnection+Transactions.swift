import CPostgres
import Foundation

/// The isolation level of a transaction (`BEGIN ISOLATION LEVEL …`).
public enum PostgresIsolation: String, Sendable, CaseIterable {
    /// Each statement sees data committed before it began (PostgreSQL's default).
    case readCommitted = "READ COMMITTED"
    /// The whole transaction sees one snapshot; conflicting writes fail with
    /// `serialization_failure`.
    case repeatableRead = "REPEATABLE READ"
    /// As if transactions ran one at a time; conflicts fail with
    /// `serialization_failure`. Use with `retries`.
    case serializable = "SERIALIZABLE"
}

extension PostgresConnection {
    /// Runs `body` inside `BEGIN … COMMIT`.
    ///
    /// Any error thrown by `body` (or a failed statement whose error `body`
    /// swallowed) rolls the transaction back and is rethrown unchanged; a
    /// swallowed failure surfaces as `in_failed_sql_transaction`. Errors from
    /// `COMMIT` itself (such as `serialization_failure`) are thrown too.
    /// Must not be nested: use savepoints in SQL for that.
    @discardableResult
    public func transaction<T>(
        isolation: PostgresIsolation = .readCommitted, readOnly: Bool = false,
        _ body: (PostgresConnection) throws -> T
    ) throws -> T {
        try tracedTransaction { try run(isolation: isolation, readOnly: readOnly, body) }
    }

    private func run<T>(isolation: PostgresIsolation, readOnly: Bool, _ body: (PostgresConnection) throws -> T) throws -> T {
        try runScript("BEGIN ISOLATION LEVEL \(isolation.rawValue)" + (readOnly ? " READ ONLY" : ""))
        dropPendingSignals()
        let value: T
        do {
            value = try body(self)
        } catch {
            rollbackQuietly()
            throw error
        }
        guard PQtransactionStatus(handle) == PQTRANS_INTRANS else {
            rollbackQuietly()
            throw PostgresError(.inFailedTransaction)
        }
        do {
            try runScript("COMMIT")
        } catch {
            dropPendingSignals()
            throw error
        }
        deliverPendingSignals()
        return value
    }

    /// `transaction(isolation:readOnly:_:)`, re-run from the start up to
    /// `retries` more times when it fails with `serialization_failure` or
    /// `deadlock_detected`, after a short random pause that grows with each
    /// attempt. Other errors, and the last conflict, are thrown. `body` must
    /// have no effects outside the database, since it may run several times.
    @discardableResult
    public func transaction<T>(
        isolation: PostgresIsolation = .readCommitted, readOnly: Bool = false, retries: Int,
        _ body: (PostgresConnection) throws -> T
    ) throws -> T {
        var attempt = 0
        while true {
            do {
                return try transaction(isolation: isolation, readOnly: readOnly, body)
            } catch let error as PostgresError where error.isTransientConflict && attempt < retries {
                attempt += 1
                Thread.sleep(forTimeInterval: Double.random(in: 0.001...0.005) * Double(attempt))
            }
        }
    }

    /// Ends a transaction after a failure. A failing `ROLLBACK` means the
    /// connection is broken, which `isHealthy` will report to the pool.
    private func rollbackQuietly() {
        dropPendingSignals()
        guard isHealthy, isInTransaction else { return }
        _ = try? runScript("ROLLBACK")
    }
}
