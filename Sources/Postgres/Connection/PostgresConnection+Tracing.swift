import Telemetry

extension PostgresConnection {
    /// The attributes of every database span (OpenTelemetry's database
    /// conventions): the system only. Statements' text and parameters are
    /// never attributes: parameters hold credential hashes and personal data.
    static let spanAttributes: [SpanAttribute] = [.string("db.system.name", "postgresql")]

    /// Runs `body`, one transaction (an explicit one, or a named statement
    /// run on its own), as a client span of the current ``TraceScope``
    /// when that is sampled. The span is named by the first named statement
    /// the transaction ran (`redeem_by_token`), or `transaction` when it ran
    /// none, and fails when `body` throws.
    func tracedTransaction<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        guard let (begun, recorder) = TraceScope.beginChild("transaction", kind: .client, attributes: Self.spanAttributes) else {
            return try body()
        }
        var span = begun
        let outer = firstStatementName
        firstStatementName = nil
        defer {
            span.name = firstStatementName ?? "transaction"
            firstStatementName = outer
            recorder.record(span)
        }
        do {
            let value = try body()
            span.end()
            return value
        } catch {
            span.end(failed: true)
            throw error
        }
    }

    /// Notes `statement` as the running transaction's name if it is its first.
    func noteStatement(_ statement: PostgresStatement) {
        if firstStatementName == nil { firstStatementName = statement.name }
    }
}
