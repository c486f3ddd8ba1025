import CPostgres
import Foundation

/// One libpq connection (`PGconn`), used by one thread at a time.
///
/// Every call blocks the calling thread until the server answers: call it from
/// threads you own (libmicrohttpd's, a worker's), never from Swift's
/// cooperative pool. Queries take bound parameters only; results come back in
/// binary format and are decoded strictly (see `PostgresDecodable`).
/// Usually borrowed from a `PostgresPool` rather than opened directly.
public final class PostgresConnection {
    let handle: OpaquePointer
    /// Names of statements prepared on this connection, with the SQL they hold.
    var prepared: [String: String] = [:]
    /// Requests sent since the pool last handed this connection out; the pool's
    /// reconnect rule reads it (see `PostgresPool.withConnection`).
    var requestCount = 0
    /// The first named statement of the transaction being traced, its span's name.
    var firstStatementName: String?
    private(set) var isClosed = false
    /// Whether running a `PostgresStatement` prepares it by name; false runs
    /// its SQL unnamed (see `PostgresPoolConfiguration.namedStatements`).
    public var usesNamedStatements = true
    /// Receives the ``CommitSignal``s raised on this connection, after the
    /// work that raised them committed (see ``raise(afterCommit:)``); nil
    /// drops them. Called on the connection's thread, so it must be quick.
    public var commitObserver: (@Sendable (Set<CommitSignal>) -> Void)?
    /// Signals raised in the open transaction, handed over at its `COMMIT`.
    var pendingSignals: Set<CommitSignal> = []

    /// Opens a connection from a URL (`postgresql://…`) or a conninfo string
    /// (`host=a,b port=5432 target_session_attrs=read-write`), passed to libpq
    /// untouched. Settings the string leaves out default to
    /// `connect_timeout=<connectTimeoutSeconds>`, `client_encoding=UTF8` and
    /// `fallback_application_name=baton`, and with `statementTimeout`,
    /// `options=-c statement_timeout=<ms>` (a string that sets `options`
    /// itself replaces that: add the timeout to it there).
    /// - Throws: `connection_failed` with libpq's message in `serverMessage`.
    public init(_ conninfo: String, connectTimeoutSeconds: Int = 10, statementTimeout: Duration? = nil) throws(PostgresError) {
        var settings = [
            ("connect_timeout", String(connectTimeoutSeconds)),
            ("client_encoding", "UTF8"),
            ("fallback_application_name", "baton"),
        ]
        if let statementTimeout {
            let milliseconds = max(
                1, statementTimeout.components.seconds * 1000 + statementTimeout.components.attoseconds / 1_000_000_000_000_000)
            settings.append(("options", "-c statement_timeout=\(milliseconds)"))
        }
        // Last, so that everything the caller's string sets wins (expand_dbname).
        settings.append(("dbname", conninfo))
        let keywords = settings.map { strdup($0.0) }
        let values = settings.map { strdup($0.1) }
        defer { (keywords + values).forEach { free($0) } }
        let connection = (keywords + [nil]).map { UnsafePointer($0) }.withUnsafeBufferPointer { keys in
            (values + [nil]).map { UnsafePointer($0) }.withUnsafeBufferPointer { vals in
                PQconnectdbParams(keys.baseAddress, vals.baseAddress, 1)
            }
        }
        guard let connection else { throw PostgresError(.connectionFailed, serverMessage: "out of memory") }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(connection))
            PQfinish(connection)
            throw PostgresError(.connectionFailed, serverMessage: message)
        }
        PQsetNoticeReceiver(connection, ignoreNotice, nil)
        handle = connection
    }

    deinit {
        if !isClosed { PQfinish(handle) }
    }

    /// Closes the connection; later calls fail with `connection_closed`.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        PQfinish(handle)
    }

    /// Whether the connection is open and libpq has not seen it break.
    /// Does not talk to the server.
    public var isHealthy: Bool {
        !isClosed && PQstatus(handle) == CONNECTION_OK
    }

    /// Whether a transaction is open (or failed and awaiting `ROLLBACK`).
    public var isInTransaction: Bool {
        guard !isClosed else { return false }
        switch PQtransactionStatus(handle) {
        case PQTRANS_INTRANS, PQTRANS_INERROR, PQTRANS_ACTIVE: return true
        default: return false
        }
    }

    /// Runs `sql` with `parameters` bound to `$1`, `$2`, … (`PQexecParams`).
    ///
    /// - Parameter timeout: the statement's `statement_timeout`; a slower
    ///   statement fails with `query_canceled`. Costs two extra round trips.
    /// - Throws: a `PostgresError` with the SQLSTATE's code; `invalid_parameter`
    ///   for text containing NUL; `connection_closed` after `close()`.
    @discardableResult
    public func query(
        _ sql: String, _ parameters: [any PostgresBindable] = [], timeout: Duration? = nil
    ) throws(PostgresError) -> PostgresRows {
        try withTimeout(timeout) { () throws(PostgresError) in
            try execute(sql: sql, preparedName: nil, parameters.map(\.postgresBinding))
        }
    }

    /// Runs a named statement, preparing it on this connection first if needed
    /// (unnamed when ``usesNamedStatements`` is false).
    /// Parameters, timeout and errors as in `query(_:_:timeout:)`.
    @discardableResult
    public func query(
        _ statement: PostgresStatement, _ parameters: [any PostgresBindable] = [], timeout: Duration? = nil
    ) throws(PostgresError) -> PostgresRows {
        guard !isInTransaction else { return try run(statement, parameters, timeout: timeout) }
        // On its own, the statement is a transaction: traced as one.
        return try tracedTransaction { () throws(PostgresError) in try run(statement, parameters, timeout: timeout) }
    }

    private func run(
        _ statement: PostgresStatement, _ parameters: [any PostgresBindable], timeout: Duration?
    ) throws(PostgresError) -> PostgresRows {
        noteStatement(statement)
        guard usesNamedStatements else { return try query(statement.sql, parameters, timeout: timeout) }
        let bindings = parameters.map(\.postgresBinding)
        try prepareIfNeeded(statement, for: bindings)
        return try withTimeout(timeout) { () throws(PostgresError) in
            try execute(sql: statement.sql, preparedName: statement.name, bindings)
        }
    }

    /// Runs a script of several `;`-separated statements without parameters
    /// (`PQexec`), such as a migration file. Stops at the first error.
    /// Never pass text built from untrusted input.
    public func runScript(_ sql: String) throws(PostgresError) {
        try ensureOpen()
        requestCount += 1
        _ = try checked(PQexec(handle, sql))
    }

    /// `identifier` quoted for SQL (`"my table"`), for names that cannot be
    /// bound as parameters, such as a `LISTEN` channel.
    public func quoteIdentifier(_ identifier: String) throws(PostgresError) -> String {
        try ensureOpen()
        guard let quoted = PQescapeIdentifier(handle, identifier, identifier.utf8.count) else {
            throw PostgresError(.invalidParameter, serverMessage: String(cString: PQerrorMessage(handle)))
        }
        defer { PQfreemem(quoted) }
        return String(cString: quoted)
    }

    func ensureOpen() throws(PostgresError) {
        if isClosed { throw PostgresError(.connectionClosed) }
    }
}

/// libpq's notice receiver. Notices (such as "there is no transaction in
/// progress") carry nothing callers act on. A plain top-level function, so no
/// actor-isolation check can trap when libpq calls it.
private func ignoreNotice(_: UnsafeMutableRawPointer?, _: OpaquePointer?) {}
