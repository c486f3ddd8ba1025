import BatonCore
import BatonTestSupport
import Testing

@Suite("ReportSettings", .timeLimit(.minutes(10)))
struct ReportSettingsTests {
    static let required = ["BATON_DATABASE_URL": "host=/tmp dbname=baton", "BATON_SECRET_KEY": TestSecrets.secretKeyHex]

    @Test("a report holds 100,000 cells and runs each statement 5 s unless BATON_REPORT_* say otherwise")
    func defaultsAndValues() throws {
        #expect(
            try BatonConfiguration(environment: Self.required).reports == ReportSettings(maxCells: 100_000, statementTimeout: .seconds(5)))
        let set = try BatonConfiguration(
            environment: Self.required.merging(["BATON_REPORT_MAX_CELLS": "2500", "BATON_REPORT_STATEMENT_TIMEOUT_MS": "750"]) { $1 })
        #expect(set.reports == ReportSettings(maxCells: 2_500, statementTimeout: .milliseconds(750)))
    }

    @Test(
        "out-of-range report settings are refused at start, naming the setting",
        arguments: [
            ("BATON_REPORT_MAX_CELLS", "999"), ("BATON_REPORT_MAX_CELLS", "10000001"), ("BATON_REPORT_MAX_CELLS", "lots"),
            ("BATON_REPORT_STATEMENT_TIMEOUT_MS", "99"), ("BATON_REPORT_STATEMENT_TIMEOUT_MS", "600001"),
        ])
    func refused(name: String, value: String) {
        #expect {
            _ = try BatonConfiguration(environment: Self.required.merging([name: value]) { $1 })
        } throws: { error in
            (error as? ConfigurationError)?.problems.map(\.setting) == [name]
        }
    }
}
