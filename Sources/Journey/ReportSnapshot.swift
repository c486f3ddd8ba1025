import JobQueue
import Postgres

/// The transaction each part of a funnel report reads in (``FunnelStore``,
/// ``JourneyStore``): read-only repeatable read, so the watermark and the
/// rows read past it are one snapshot; JIT off, because the planner cannot
/// know how short the live tail is and compiling the plan cost far more
/// than running it (docs/metrics.md); and the report's statement timeout
/// (`BATON_REPORT_STATEMENT_TIMEOUT_MS`), set inside the transaction so it
/// holds behind a transaction pooler and on the command line's connection,
/// which have no startup `statement_timeout`.
enum ReportSnapshot {
    /// `body` in such a transaction on `connection`, which must be outside
    /// any transaction (a pooled one, as it comes).
    /// - Throws: `FunnelError.timedOut` when a statement ran past `timeout`
    ///   (SQLSTATE 57014, `query_canceled`); else `PostgresError` or `body`'s error.
    static func read<T>(on connection: PostgresConnection, timeout: Duration, _ body: (PostgresConnection) throws -> T) throws -> T {
        let milliseconds = max(1, Int((timeout.intervalSeconds * 1000).rounded()))
        do {
            return try connection.transaction(isolation: .repeatableRead, readOnly: true) { connection in
                try connection.query(settings, [String(milliseconds)])
                return try body(connection)
            }
        } catch let error as PostgresError where error.code == .queryCanceled {
            throw FunnelError.timedOut(milliseconds: milliseconds)
        }
    }

    /// $1 the statement timeout in milliseconds; both settings end with the transaction.
    static let settings = PostgresStatement(
        name: "report_settings",
        sql: "SELECT set_config('jit', 'off', true), set_config('statement_timeout', $1::text, true)")
}
