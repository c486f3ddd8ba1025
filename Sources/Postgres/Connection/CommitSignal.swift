/// Something a transaction did that code outside it must act on, but only
/// once the transaction has committed: a job was enqueued, so listening
/// workers should be woken. The code that does the thing raises the signal
/// on its connection (``PostgresConnection/raise(afterCommit:)``); the
/// pool's ``PostgresPoolConfiguration/commitObserver`` receives it after
/// `COMMIT`, and never for work that was rolled back. The layer that owns
/// the thing defines the signal (`JobQueue` defines `jobsEnqueued`).
public struct CommitSignal: Hashable, Sendable {
    /// A short stable name, for logs and tests.
    public let name: String

    /// A signal named `name`.
    public init(_ name: String) {
        self.name = name
    }
}
