extension PostgresError {
    /// The stable machine code of a `PostgresError`.
    ///
    /// A struct with static members rather than an enum, so that adding a code
    /// later breaks no caller's `switch`. Server codes are named after their
    /// SQLSTATE condition name (PostgreSQL manual, appendix A); an SQLSTATE
    /// without a named code here maps to its class (`integrity_constraint_violation`,
    /// `transaction_rollback`, …) or to `server_error`.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The snake_case code, stable forever.
        public let rawValue: String
        /// A code from its snake_case text.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The snake_case code.
        public var description: String { rawValue }

        // Class 08, 57P0x: the connection is unusable.
        /// SQLSTATE class 08: the connection failed or was lost (server side).
        public static let connectionFailure = Code(rawValue: "connection_failure")
        /// 57P01: the server is shutting down (`pg_ctl stop`, restart, `pg_terminate_backend`).
        public static let adminShutdown = Code(rawValue: "admin_shutdown")
        /// 57P02: the server crashed and is resetting.
        public static let crashShutdown = Code(rawValue: "crash_shutdown")
        /// 57P03: the server is starting up or in recovery.
        public static let cannotConnectNow = Code(rawValue: "cannot_connect_now")
        /// 08P01: the client sent something the protocol forbids, such as the
        /// wrong number of parameters. The connection stays usable.
        public static let protocolViolation = Code(rawValue: "protocol_violation")
        /// 53300: `max_connections` reached.
        public static let tooManyConnections = Code(rawValue: "too_many_connections")
        /// 53100: the server's disk is full.
        public static let diskFull = Code(rawValue: "disk_full")
        /// Class 28: authentication failed.
        public static let invalidAuthorization = Code(rawValue: "invalid_authorization")
        /// 3D000: the database does not exist.
        public static let invalidCatalogName = Code(rawValue: "invalid_catalog_name")

        // Class 23: integrity.
        /// 23505.
        public static let uniqueViolation = Code(rawValue: "unique_violation")
        /// 23503.
        public static let foreignKeyViolation = Code(rawValue: "foreign_key_violation")
        /// 23502.
        public static let notNullViolation = Code(rawValue: "not_null_violation")
        /// 23514.
        public static let checkViolation = Code(rawValue: "check_violation")
        /// 23P01.
        public static let exclusionViolation = Code(rawValue: "exclusion_violation")
        /// Any other SQLSTATE of class 23.
        public static let integrityConstraintViolation = Code(rawValue: "integrity_constraint_violation")

        // Class 40 and transaction state.
        /// 40001: re-run the transaction.
        public static let serializationFailure = Code(rawValue: "serialization_failure")
        /// 40P01: re-run the transaction.
        public static let deadlockDetected = Code(rawValue: "deadlock_detected")
        /// Any other SQLSTATE of class 40.
        public static let transactionRollback = Code(rawValue: "transaction_rollback")
        /// 25P02: a statement failed earlier in this transaction.
        public static let inFailedTransaction = Code(rawValue: "in_failed_sql_transaction")
        /// 25006: a write in a read-only transaction, as on a standby or a
        /// primary fenced with `default_transaction_read_only` after a failover.
        public static let readOnlySQLTransaction = Code(rawValue: "read_only_sql_transaction")
        /// Any other SQLSTATE of class 25.
        public static let invalidTransactionState = Code(rawValue: "invalid_transaction_state")

        // Class 57, 55: operator intervention, object state.
        /// 57014: statement timeout or cancel request.
        public static let queryCanceled = Code(rawValue: "query_canceled")
        /// 55P03: `NOWAIT` or `lock_timeout`.
        public static let lockNotAvailable = Code(rawValue: "lock_not_available")

        // Class 42: the statement itself is wrong.
        /// 42601.
        public static let syntaxError = Code(rawValue: "syntax_error")
        /// 42P01.
        public static let undefinedTable = Code(rawValue: "undefined_table")
        /// 42703.
        public static let undefinedColumn = Code(rawValue: "undefined_column")
        /// 42883.
        public static let undefinedFunction = Code(rawValue: "undefined_function")
        /// 42P07.
        public static let duplicateTable = Code(rawValue: "duplicate_table")
        /// 42710.
        public static let duplicateObject = Code(rawValue: "duplicate_object")
        /// 42501.
        public static let insufficientPrivilege = Code(rawValue: "insufficient_privilege")
        /// Any other SQLSTATE of class 42.
        public static let syntaxErrorOrAccessRuleViolation = Code(rawValue: "syntax_error_or_access_rule_violation")

        // Class 22: a value the server refused.
        /// 22P02: e.g. `'abc'::uuid`.
        public static let invalidTextRepresentation = Code(rawValue: "invalid_text_representation")
        /// 22003.
        public static let numericValueOutOfRange = Code(rawValue: "numeric_value_out_of_range")
        /// Any other SQLSTATE of class 22.
        public static let dataException = Code(rawValue: "data_exception")

        /// Any other server SQLSTATE; read `sqlState` for the exact value.
        public static let serverError = Code(rawValue: "server_error")

        // Client side.
        /// libpq could not connect, or lost the socket without a server SQLSTATE.
        public static let connectionFailed = Code(rawValue: "connection_failed")
        /// The connection or pool was closed by this process.
        public static let connectionClosed = Code(rawValue: "connection_closed")
        /// No pooled connection became free within the acquire timeout.
        public static let poolExhausted = Code(rawValue: "pool_exhausted")
        /// A non-optional value was read from a NULL column.
        public static let decodingNull = Code(rawValue: "decoding_null")
        /// The column's type or value does not fit the Swift type asked for.
        public static let decodingTypeMismatch = Code(rawValue: "decoding_type_mismatch")
        /// A column held text that is none of the raw values of the Swift
        /// enum asked for (a statement's outcome, a state label).
        public static let decodingUnknownValue = Code(rawValue: "decoding_unknown_value")
        /// No column with that name or index in the result.
        public static let columnMissing = Code(rawValue: "column_missing")
        /// A parameter that cannot be sent, such as text containing a NUL byte.
        public static let invalidParameter = Code(rawValue: "invalid_parameter")
        /// libpq answered in a way this module does not expect (a protocol bug).
        public static let unexpectedResult = Code(rawValue: "unexpected_result")

        /// The code for a server SQLSTATE: a named condition, else its class.
        public init(sqlState: String) {
            if let named = Self.named[sqlState] {
                self = named
            } else {
                self = Self.classes[String(sqlState.prefix(2))] ?? .serverError
            }
        }

        private static let named: [String: Code] = [
            "08P01": .protocolViolation, "23505": .uniqueViolation, "23503": .foreignKeyViolation, "23502": .notNullViolation,
            "23514": .checkViolation, "23P01": .exclusionViolation,
            "40001": .serializationFailure, "40P01": .deadlockDetected, "25P02": .inFailedTransaction,
            "57014": .queryCanceled, "57P01": .adminShutdown, "57P02": .crashShutdown,
            "57P03": .cannotConnectNow, "55P03": .lockNotAvailable, "53300": .tooManyConnections, "53100": .diskFull,
            "25006": .readOnlySQLTransaction,
            "3D000": .invalidCatalogName, "42601": .syntaxError, "42P01": .undefinedTable,
            "42703": .undefinedColumn, "42883": .undefinedFunction, "42P07": .duplicateTable,
            "42710": .duplicateObject, "42501": .insufficientPrivilege,
            "22P02": .invalidTextRepresentation, "22003": .numericValueOutOfRange,
        ]

        private static let classes: [String: Code] = [
            "08": .connectionFailure, "22": .dataException, "23": .integrityConstraintViolation,
            "25": .invalidTransactionState, "28": .invalidAuthorization, "40": .transactionRollback,
            "42": .syntaxErrorOrAccessRuleViolation,
        ]

        /// Whether an error with this code means the connection is unusable.
        public var isConnectionFailure: Bool {
            [.connectionFailure, .connectionFailed, .adminShutdown, .crashShutdown, .cannotConnectNow]
                .contains(self)
        }

        /// A short human phrase for `PostgresError.message`.
        var summary: String {
            switch self {
            case .poolExhausted: "no pooled connection became free in time"
            case .decodingNull: "a NULL value was read as a non-optional type"
            case .decodingTypeMismatch: "the column's type does not fit the requested Swift type"
            case .decodingUnknownValue: "the column holds a value the requested Swift type does not know"
            case .columnMissing: "no such column in the result"
            case .connectionFailed: "could not reach the database server, or lost the connection"
            case .connectionClosed: "the connection was closed"
            case .invalidParameter: "a parameter cannot be sent to the server"
            default: rawValue.split(separator: "_").joined(separator: " ")
            }
        }
    }
}
