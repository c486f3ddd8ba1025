/// A snapshot of a pool's counters, for `/metrics` and `baton doctor`.
public struct PostgresPoolStatistics: Sendable, Equatable {
    /// Connections handed out or being opened.
    public var inUse: Int
    /// Open connections waiting in the pool.
    public var idle: Int
    /// Callers blocked waiting for a connection.
    public var waiting: Int
    /// Connections opened since the pool was created.
    public var totalOpened: Int
    /// Callers that gave up with `pool_exhausted` since the pool was created.
    public var totalTimeouts: Int
    /// The configured maximum.
    public var maxConnections: Int

    /// A snapshot; see the properties.
    public init(inUse: Int, idle: Int, waiting: Int, totalOpened: Int, totalTimeouts: Int, maxConnections: Int) {
        self.inUse = inUse
        self.idle = idle
        self.waiting = waiting
        self.totalOpened = totalOpened
        self.totalTimeouts = totalTimeouts
        self.maxConnections = maxConnections
    }
}
