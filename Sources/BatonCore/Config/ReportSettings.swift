/// The bounds every funnel report is held to, whoever asks for it
/// (`GET /v1/metrics/funnel`, `/admin`, `baton metrics funnel`):
/// `BATON_REPORT_MAX_CELLS` and `BATON_REPORT_STATEMENT_TIMEOUT_MS`
/// (docs/metrics.md, "Bounds").
public struct ReportSettings: Sendable, Equatable {
    /// The default of ``maxCells``.
    public static let defaultMaxCells = 100_000
    /// The default of ``statementTimeout``.
    public static let defaultStatementTimeout = Duration.seconds(5)

    /// The most cells (``JourneyQuery/cells``) a report may hold; a query of
    /// more is refused before any row is read.
    public var maxCells: Int
    /// The longest one statement of a report may run: set inside the
    /// report's own transactions, so it holds with a transaction pooler and
    /// for the command line too.
    public var statementTimeout: Duration

    /// The defaults, or the values given.
    public init(maxCells: Int = defaultMaxCells, statementTimeout: Duration = defaultStatementTimeout) {
        self.maxCells = maxCells
        self.statementTimeout = statementTimeout
    }

    static func read(_ reader: inout SettingReader) -> ReportSettings? {
        let cells = reader.integer(.reportMaxCells, in: 1_000...10_000_000)
        let timeout = reader.integer(.reportStatementTimeout, in: 100...600_000)
        guard let cells, let timeout else { return nil }
        return ReportSettings(maxCells: cells, statementTimeout: .milliseconds(timeout))
    }
}

extension Setting {
    /// The most cells one funnel report may hold.
    public static let reportMaxCells = Setting(
        name: "BATON_REPORT_MAX_CELLS",
        summary:
            "Most cells (buckets × rows × 7 stages, docs/metrics.md) one funnel report may hold; more is refused with 422 report_too_large (1000-10000000).",
        defaultValue: "100000", isSecret: false
    )
    /// The longest one statement of a funnel report may run.
    public static let reportStatementTimeout = Setting(
        name: "BATON_REPORT_STATEMENT_TIMEOUT_MS",
        summary: "Milliseconds one statement of a funnel report may run before it is cancelled: 503 report_timeout (100-600000).",
        defaultValue: "5000", isSecret: false
    )

    /// The report settings, in documentation order.
    static let reports: [Setting] = [reportMaxCells, reportStatementTimeout]
}
