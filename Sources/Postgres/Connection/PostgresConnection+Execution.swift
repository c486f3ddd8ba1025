import CPostgres

extension PostgresConnection {
    /// Sends one statement with its bindings and waits for the whole result,
    /// requested in binary format.
    func execute(sql: String, preparedName: String?, _ bindings: [PostgresBinding]) throws(PostgresError) -> PostgresRows {
        try ensureOpen()
        let result = try WireParameters.with(bindings) { wire in
            requestCount += 1
            if let preparedName {
                return PQexecPrepared(handle, preparedName, wire.count, wire.values, wire.lengths, wire.formats, 1)
            }
            return PQexecParams(handle, sql, wire.count, wire.types, wire.values, wire.lengths, wire.formats, 1)
        }
        return try checked(result)
    }

    /// Prepares `statement` unless this connection already holds it, with
    /// the parameter types of `bindings` (read only when preparing).
    func prepareIfNeeded(_ statement: PostgresStatement, for bindings: [PostgresBinding]) throws(PostgresError) {
        try ensureOpen()
        if prepared[statement.name] == statement.sql { return }
        if prepared[statement.name] != nil {
            try runScript("DEALLOCATE " + quoteIdentifier(statement.name))
            prepared[statement.name] = nil
        }
        requestCount += 1
        let oids = bindings.map(\.type.rawValue)
        let result = PQprepare(handle, statement.name, statement.sql, Int32(oids.count), oids)
        _ = try checked(result)
        prepared[statement.name] = statement.sql
    }

    /// Runs `body` under `statement_timeout = timeout`, then `RESET`s it to the
    /// default of the connection string or role. Inside a failed transaction
    /// the reset is left to the `ROLLBACK`, which undoes the `SET` anyway.
    func withTimeout<T>(_ timeout: Duration?, _ body: () throws(PostgresError) -> T) throws(PostgresError) -> T {
        guard let timeout else { return try body() }
        let milliseconds = max(1, timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        try runScript("SET statement_timeout = \(milliseconds)")
        let outcome = Result { () throws(PostgresError) in try body() }
        if isHealthy, PQtransactionStatus(handle) != PQTRANS_INERROR {
            try runScript("RESET statement_timeout")
        }
        return try outcome.get()
    }

    /// The result as rows, or the error it carries. Frees failed results.
    func checked(_ result: OpaquePointer?) throws(PostgresError) -> PostgresRows {
        guard let result else {
            throw PostgresError(isHealthy ? .unexpectedResult : .connectionFailed, serverMessage: errorMessage)
        }
        switch PQresultStatus(result) {
        case PGRES_TUPLES_OK, PGRES_COMMAND_OK, PGRES_EMPTY_QUERY:
            return PostgresRows(result: result)
        default:
            defer { PQclear(result) }
            throw error(from: result)
        }
    }

    private func error(from result: OpaquePointer) -> PostgresError {
        func field(_ code: Character) -> String? {
            PQresultErrorField(result, Int32(code.asciiValue!)).map { String(cString: $0) }
        }
        let message = field("M") ?? errorMessage
        guard let sqlState = field("C") else {
            return PostgresError(isHealthy ? .unexpectedResult : .connectionFailed, serverMessage: message)
        }
        return PostgresError(
            PostgresError.Code(sqlState: sqlState), sqlState: sqlState, serverMessage: message,
            constraint: field("n"), table: field("t"), column: field("c")
        )
    }

    private var errorMessage: String {
        String(cString: PQerrorMessage(handle)).trimmingSuffix()
    }
}

extension String {
    fileprivate func trimmingSuffix() -> String {
        var text = self
        while text.last?.isWhitespace == true { text.removeLast() }
        return text
    }
}
