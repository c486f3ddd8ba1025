import Dispatch
import Locking

/// A bounded pool of `PostgresConnection`s shared by many threads.
///
/// Callers block on their own thread (libmicrohttpd's or a worker's) while
/// waiting for a connection and while it runs their statements; nothing runs
/// on Swift's cooperative pool. Waiters are served first come, first served
/// and give up with `pool_exhausted` after `acquireTimeout`. Connections are
/// opened lazily, checked before reuse (a socket check without a round trip
/// after 10 ms idle, a round trip after `validateAfterIdle`), and replaced
/// after `maxLifetime`.
///
/// Reconnect rule (`withConnection`): when the body's **first** request on a
/// connection taken from the idle list fails with a connection error, the
/// server never completed anything for this checkout, so the pool drops its
/// idle connections (a server restart killed them all) and runs the body once
/// more on a freshly opened connection. It never retries after a request has
/// succeeded — in particular never mid-transaction — and never on a connection
/// it has just opened. In `transaction` the first request is `BEGIN`, so the
/// retry is always safe there. Outside a transaction the one case left is a
/// crash while the first statement runs: it may have committed before the
/// reply was lost, so callers whose first statement must not run twice use
/// `transaction`.
public final class PostgresPool: Sendable {
    /// The settings the pool was created with.
    public let configuration: PostgresPoolConfiguration
    let state: SleepingLock<PoolState<PooledConnection>>
    /// The configuration's idle and lifetime limits in nanoseconds of
    /// `PoolInstant`, converted once rather than on every request.
    let limits: (validateAfterIdle: Int64, maxLifetime: Int64)

    /// A pool that opens connections on demand; nothing is opened here.
    public init(_ configuration: PostgresPoolConfiguration) {
        self.configuration = configuration
        state = SleepingLock(PoolState<PooledConnection>(maxConnections: configuration.maxConnections))
        limits = (PoolInstant.nanoseconds(configuration.validateAfterIdle), PoolInstant.nanoseconds(configuration.maxLifetime))
    }

    /// Counters for metrics, taken under the lock.
    public var statistics: PostgresPoolStatistics {
        state.withLock { $0.statistics }
    }

    /// Lends a connection to `body` on the calling thread and takes it back.
    ///
    /// A transaction `body` leaves open is rolled back; a broken connection
    /// is closed instead of returned. See the type's reconnect rule.
    /// - Throws: `pool_exhausted`, `connection_failed`, `connection_closed`
    ///   (pool closed), or whatever `body` throws.
    @discardableResult
    public func withConnection<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        let lease = try checkout()
        do {
            let value = try body(lease.pooled.connection)
            checkin(lease.pooled)
            return value
        } catch let error as PostgresError where lease.reused && isRetryable(error, on: lease.pooled.connection) {
            checkin(lease.pooled)
            closeIdleConnections()
            let fresh = try checkout()
            defer { checkin(fresh.pooled) }
            return try body(fresh.pooled.connection)
        } catch {
            checkin(lease.pooled)
            throw error
        }
    }

    /// Runs `body` in a transaction on a pooled connection, retrying it up to
    /// `retries` times on `serialization_failure`/`deadlock_detected` (see
    /// `PostgresConnection.transaction(isolation:readOnly:retries:_:)`).
    @discardableResult
    public func transaction<T>(
        isolation: PostgresIsolation = .readCommitted, readOnly: Bool = false, retries: Int = 0,
        _ body: (PostgresConnection) throws -> T
    ) throws -> T {
        try withConnection { connection in
            try connection.transaction(isolation: isolation, readOnly: readOnly, retries: retries, body)
        }
    }

    /// Closes idle connections and refuses new callers with
    /// `connection_closed`; connections in use are closed when returned.
    public func close() {
        let (idle, waiters) = state.withLock { $0.close() }
        idle.forEach { $0.connection.close() }
        waiters.forEach { $0.signal() }
    }

    private func isRetryable(_ error: PostgresError, on connection: PostgresConnection) -> Bool {
        error.isConnectionFailure && connection.requestCount == 1 && !connection.isHealthy
    }

    private func closeIdleConnections() {
        state.withLock { $0.drainIdle() }.forEach { $0.connection.close() }
    }
}
