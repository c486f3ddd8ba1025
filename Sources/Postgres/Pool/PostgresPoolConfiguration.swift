/// How a `PostgresPool` connects, how many connections it keeps, and when it
/// checks or replaces them.
public struct PostgresPoolConfiguration: Sendable {
    /// URL or conninfo string, passed to libpq untouched.
    public var conninfo: String
    /// Most connections open at once (in use, idle or being opened).
    public var maxConnections: Int
    /// Longest a caller waits for a connection before `pool_exhausted`.
    public var acquireTimeout: Duration
    /// A connection idle longer than this is checked with a round trip
    /// before it is handed out. Any hand-out after more than 10 ms idle also
    /// checks the socket for a server-side close, which costs no round trip.
    public var validateAfterIdle: Duration
    /// A connection older than this is closed when returned, and replaced
    /// before reuse, so server-side memory and settings do not pile up.
    public var maxLifetime: Duration
    /// libpq's `connect_timeout` when the conninfo does not set one.
    public var connectTimeoutSeconds: Int
    /// The server cancels any statement running longer (`query_canceled`);
    /// nil leaves the server's default.
    public var statementTimeout: Duration?
    /// Whether `PostgresStatement`s are prepared by name on each connection.
    /// False for a pooler in transaction mode (PgBouncer before 1.21), whose
    /// server connections change between transactions, so a statement
    /// prepared on one is missing on the next: they then run unnamed
    /// (`PQexecParams`), one parse per execution.
    public var namedStatements: Bool
    /// Set as every connection's `commitObserver`: what the application
    /// does after a commit that raised a ``CommitSignal`` (wake workers).
    public var commitObserver: (@Sendable (Set<CommitSignal>) -> Void)?

    /// A configuration; only `conninfo` is required.
    public init(
        conninfo: String, maxConnections: Int = 10, acquireTimeout: Duration = .seconds(5),
        validateAfterIdle: Duration = .seconds(30), maxLifetime: Duration = .seconds(30 * 60),
        connectTimeoutSeconds: Int = 5, statementTimeout: Duration? = nil, namedStatements: Bool = true,
        commitObserver: (@Sendable (Set<CommitSignal>) -> Void)? = nil
    ) {
        self.conninfo = conninfo
        self.maxConnections = max(1, maxConnections)
        self.acquireTimeout = acquireTimeout
        self.validateAfterIdle = validateAfterIdle
        self.maxLifetime = maxLifetime
        self.connectTimeoutSeconds = connectTimeoutSeconds
        self.statementTimeout = statementTimeout
        self.namedStatements = namedStatements
        self.commitObserver = commitObserver
    }
}
