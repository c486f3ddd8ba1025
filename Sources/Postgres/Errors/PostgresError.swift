import SafeText

/// Every failure of the `Postgres` module: a server error with its SQLSTATE,
/// a lost connection, an exhausted pool, or a value that cannot be decoded.
///
/// `description` is safe to log: it holds the stable `code`, the SQLSTATE and
/// the column or constraint involved, never statement text or parameter
/// values. The server's own message (which can quote values, e.g. in a
/// `invalid input syntax for type uuid: "…"` error) is kept apart in
/// `serverMessage`, for callers that know it is safe to show.
public struct PostgresError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, as a stable snake_case code (see `PostgresError.Code`).
    public var code: Code
    /// The five-character SQLSTATE when the server reported one.
    public var sqlState: String?
    /// The server's or libpq's message. May quote values: not for logs or
    /// responses without escaping (`SafeText.escaped`) and thought.
    public var serverMessage: String?
    /// The constraint named by an integrity error, such as `invites_code_hash_key`.
    public var constraint: String?
    /// The table named by the error, when the server or decoder knows it.
    public var table: String?
    /// The column involved: named by the server, or the one that failed to decode.
    public var column: String?

    /// An error with `code`; the other fields are optional detail.
    public init(
        _ code: Code, sqlState: String? = nil, serverMessage: String? = nil,
        constraint: String? = nil, table: String? = nil, column: String? = nil
    ) {
        self.code = code
        self.sqlState = sqlState
        self.serverMessage = serverMessage
        self.constraint = constraint
        self.table = table
        self.column = column
    }

    /// A human sentence with the code; no statement text, no values.
    /// Names come from the server, so they are escaped like any outside text.
    public var message: String {
        var text = code.summary
        if let constraint { text += " (constraint \(SafeText.escaped(constraint)))" }
        if let column { text += " (column \(SafeText.escaped(column)))" }
        return text
    }

    /// The code, SQLSTATE and message: safe for logs.
    public var description: String {
        var text = "PostgresError(\(code.rawValue)"
        if let sqlState { text += ", sqlstate \(sqlState)" }
        return text + "): " + message
    }

    /// Whether the connection that produced this error is gone or going: the
    /// server shut down or refused us, or libpq lost the socket.
    public var isConnectionFailure: Bool {
        code.isConnectionFailure
    }

    /// Whether re-running the whole transaction may succeed:
    /// `serialization_failure` and `deadlock_detected`.
    public var isTransientConflict: Bool {
        code == .serializationFailure || code == .deadlockDetected
    }
}
