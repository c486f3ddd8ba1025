extension PostgresConnection {
    /// Hands `signal` to ``commitObserver`` once the work in progress has
    /// committed: at the `COMMIT` of the transaction open on this connection
    /// (dropped if it rolls back), or at once outside a transaction, where
    /// the statement that just ran has committed already. Call it after the
    /// statement that did the thing. Signals raised more than once in a
    /// transaction are handed over once.
    public func raise(afterCommit signal: CommitSignal) {
        guard let commitObserver else { return }
        guard isInTransaction else { return commitObserver([signal]) }
        pendingSignals.insert(signal)
    }

    /// After `COMMIT`: the transaction's signals to the observer.
    func deliverPendingSignals() {
        guard !pendingSignals.isEmpty else { return }
        let signals = pendingSignals
        pendingSignals = []
        commitObserver?(signals)
    }

    /// After `BEGIN` or a rollback: nothing of that transaction is handed over.
    func dropPendingSignals() {
        pendingSignals = []
    }
}
