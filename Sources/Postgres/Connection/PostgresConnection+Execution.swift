import CPostgres

extension PostgresConnection {
    /// Sends one statement with its bindings and waits for the whole result,
    /// requested in binary format.
    func execute(sql: String, preparedName: String?, _ bindings: [PostgresBinding]) throws(PostgresError) -> PostgresRows {
        try ensureOpen()
        let wire = try WireParameters(bindings)
        requestCount += 1
        let result = wire.withPointers { types, values, lengths, formats in
            let count = Int32(bindings.count)
            if let preparedName {
                return PQexecPrepared(handle, preparedName, count, values, lengths, formats, 1)
            }
            return PQexecParams(handle, sql, count, types, values, lengths, formats, 1)
        }
        return try checked(result)
    }

    func prepareIfNeeded(_ statement: PostgresStatement, types: [PostgresTypeOID]) throws(PostgresError) {
        try ensureOpen()
        if prepared[statement.name] == statement.sql { return }
        if prepared[statement.name] != nil {
            try runScript("DEALLOCATE " + quoteIdentifier(statement.name))
            prepared[statement.name] = nil
        }
        requestCount += 1
        let oids = types.map(\.rawValue)
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

/// Parameters laid out as libpq wants them: one byte buffer holding every
/// value (text values NUL-terminated) plus the type, length and format arrays.
private struct WireParameters {
    var storage: [UInt8] = []
    var offsets: [Int?] = []
    var types: [UInt32] = []
    var lengths: [Int32] = []
    var formats: [Int32] = []

    init(_ bindings: [PostgresBinding]) throws(PostgresError) {
        for binding in bindings {
            types.append(binding.type.rawValue)
            formats.append(binding.isBinary ? 1 : 0)
            guard let bytes = binding.bytes else {
                offsets.append(nil)
                lengths.append(0)
                continue
            }
            if !binding.isBinary, bytes.contains(0) {
                throw PostgresError(.invalidParameter, serverMessage: "text parameter contains a NUL byte")
            }
            guard let length = Int32(exactly: bytes.count) else {
                throw PostgresError(.invalidParameter, serverMessage: "parameter larger than 2 GiB")
            }
            offsets.append(storage.count)
            lengths.append(length)
            storage.append(contentsOf: bytes)
            storage.append(0)
        }
        storage.append(0)
    }

    func withPointers<R>(
        _ body: (
            UnsafePointer<UInt32>?, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?
        ) -> R
    ) -> R {
        storage.withUnsafeBytes { raw in
            let base = raw.baseAddress!.assumingMemoryBound(to: CChar.self)
            let values = offsets.map { offset in offset.map { UnsafePointer(base + $0) } }
            return values.withUnsafeBufferPointer { values in
                body(types, values.baseAddress, lengths, formats)
            }
        }
    }
}
