import Dispatch

extension PostgresPool {
    /// A connection handed to one caller; `reused` when it came from the idle
    /// list rather than being opened for this caller.
    struct Lease {
        let pooled: PooledConnection
        let reused: Bool
    }

    /// Waits for a slot as `PoolState` decides, then validates or opens.
    func checkout() throws(PostgresError) -> Lease {
        switch state.withLock({ $0.acquire() }) {
        case .reuse(let pooled, let idleSince):
            return try validated(pooled, idleSince: idleSince)
        case .open:
            return try openInSlot()
        case .wait(let id, let semaphore):
            return try served(try waitForGrant(id: id, semaphore))
        case .closed:
            throw PostgresError(.connectionClosed)
        }
    }

    /// Returns a connection, closing it instead when it is broken, too old,
    /// or stuck in a transaction that will not roll back.
    func checkin(_ pooled: PooledConnection) {
        let connection = pooled.connection
        if connection.isHealthy, connection.isInTransaction {
            _ = try? connection.runScript("ROLLBACK")
        }
        let now = PoolInstant.now
        let keep = connection.isHealthy && !connection.isInTransaction && !isPastLifetime(pooled, at: now)
        if !keep { connection.close() }
        state.withLock { $0.release(keep ? pooled : nil, now: now) }?.signal()
    }

    private func waitForGrant(id: Int, _ semaphore: DispatchSemaphore) throws(PostgresError) -> PoolState<PooledConnection>.Grant {
        let timeout = configuration.acquireTimeout.components
        let nanoseconds = Int(timeout.seconds) * 1_000_000_000 + Int(timeout.attoseconds / 1_000_000_000)
        if semaphore.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success {
            return state.withLock { $0.takeGrant(id: id) }
        }
        guard let grant = state.withLock({ $0.abandon(id: id) }) else {
            throw PostgresError(.poolExhausted)
        }
        semaphore.wait()
        return grant
    }

    private func served(_ grant: PoolState<PooledConnection>.Grant) throws(PostgresError) -> Lease {
        switch grant {
        case .connection(let pooled, let idleSince): try validated(pooled, idleSince: idleSince)
        case .openSlot: try openInSlot()
        case .closed: throw PostgresError(.connectionClosed)
        }
    }

    /// Below this idle time (10 ms, in nanoseconds) the socket check is
    /// skipped: under load a connection comes back within microseconds, and
    /// a server that went away in that instant is covered by the reconnect
    /// rule instead.
    static let probeAfterIdle = PoolInstant.nanoseconds(.milliseconds(10))

    /// Hands out an idle connection that still works, else a new one in its slot.
    private func validated(_ pooled: PooledConnection, idleSince: PoolInstant) throws(PostgresError) -> Lease {
        let connection = pooled.connection
        let now = PoolInstant.now
        let idle = now.nanoseconds(since: idleSince)
        let dropped = idle > Self.probeAfterIdle && connection.droppedWhileIdle
        let silent = idle > limits.validateAfterIdle && !dropped && !connection.answersPing
        if isPastLifetime(pooled, at: now) || dropped || silent {
            connection.close()
            return try openInSlot()
        }
        connection.requestCount = 0
        return Lease(pooled: pooled, reused: true)
    }

    /// Opens a connection in a slot already counted as leased; on failure the
    /// slot goes back (to the next waiter, if any).
    private func openInSlot() throws(PostgresError) -> Lease {
        do {
            let connection = try PostgresConnection(
                configuration.conninfo, connectTimeoutSeconds: configuration.connectTimeoutSeconds,
                statementTimeout: configuration.statementTimeout)
            connection.usesNamedStatements = configuration.namedStatements
            connection.commitObserver = configuration.commitObserver
            state.withLock { $0.opened() }
            return Lease(pooled: PooledConnection(connection), reused: false)
        } catch {
            state.withLock { $0.release(nil, now: .now) }?.signal()
            throw error
        }
    }

    private func isPastLifetime(_ pooled: PooledConnection, at now: PoolInstant) -> Bool {
        now.nanoseconds(since: pooled.openedAt) > limits.maxLifetime
    }
}
