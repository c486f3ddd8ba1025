import BatonCore
import BatonTestSupport
import Foundation
import Journey
import Postgres
import Testing

@testable import BatonCLI

@Suite("metrics funnel command", .timeLimit(.minutes(10)))
struct MetricsFunnelCommandTests {
    /// 2026-11-29T18:30:00Z.
    static let now = Date(timeIntervalSince1970: 1_795_977_000)

    @Test(
        "bad funnel command lines exit 2 before touching the database",
        arguments: [
            (["metrics", "funnel", "--since", "7x"], "--since must be"),
            (["metrics", "funnel", "--since", "0d"], "--since must be"),
            (["metrics", "funnel", "--interval", "month"], "--interval must be hour, day or week"),
            (["metrics", "funnel", "--colour"], "unknown option --colour"),
            (["metrics", "funnel", "--group-by", "country"], "--group-by must be source, campaign, inviter, family or platform"),
            (["metrics", "funnel", "--view", "stock"], "--view must be flow or cohort"),
        ])
    func usageErrors(arguments: [String], expected: String) {
        let captured = CapturedConsole()
        #expect(BatonCommandLine.run(arguments, console: captured.console) == .usageOrInputError)
        #expect(captured.err.contains(expected))
    }

    @Test(
        "--since and --interval become a query ending now",
        arguments: [
            ("90m", "hour", 2), ("36h", "hour", 37), ("7d", "day", 8), ("2w", "week", 3),
        ])
    func sinceAndInterval(since: String, interval: String, buckets: Int) throws {
        let arguments = try ParsedArguments(["--since", since, "--interval", interval], spec: MetricsFunnelCommand.spec)
        let query = try MetricsFunnelCommand.query(arguments, now: Self.now)
        #expect(query.interval.rawValue == interval)
        #expect(query.bucketCount == buckets)
        #expect(query.to == query.interval.ceiling(Self.now))
    }

    @Test("the table shows every bucket with bars, the totals, conversion, time to redeem and channels")
    func table() throws {
        let db = try MigratedDatabase()
        let family = "fam-7"
        try db.connection.query(
            """
            WITH invite AS (
                INSERT INTO baton.invites (family_id, family_name, code_hash, token_hash, created_at, expires_at)
                SELECT $1, 'F', sha256(('c' || i)::bytea), sha256(('t' || i)::bytea), $2::timestamptz - i * interval '1 day', $2::timestamptz + interval '9 days'
                FROM generate_series(1, 4) AS i RETURNING id, family_id, created_at
            )
            INSERT INTO baton.events (type, invite_id, family_id, channel, occurred_at)
            SELECT 'invite.created', id, family_id, NULL, created_at FROM invite
            UNION ALL SELECT 'invite.redeemed', id, family_id, 'app', created_at + interval '2 hours' FROM invite WHERE created_at < $2::timestamptz - interval '2 days'
            """, [family, Self.now])
        let arguments = try ParsedArguments(["--family", family], spec: MetricsFunnelCommand.spec)
        let report = try FunnelStore.report(MetricsFunnelCommand.query(arguments, now: Self.now), on: db.connection)
        let captured = CapturedConsole()
        try MetricsFunnelCommand.print(report, json: false, console: captured.console)
        let out = captured.out
        #expect(out.contains("Funnel for family fam-7, 2026-11-22 to 2026-11-30 UTC, by day"))
        #expect(out.contains("2026-11-25  1 █     0          1 █       0        0        100.0 %"))
        #expect(out.contains("2026-11-27  1 █     0          0         0        0        0.0 %"))
        #expect(out.contains("2026-11-29  0       0          0         0        0        -"))
        #expect(out.contains("TOTAL       4       0          2         0        0        50.0 %"))
        #expect(out.contains("Time to redeem (2 redemption(s)): p50 2.0 h"))
        #expect(out.contains("Redemptions by channel: app 2 █"))
        #expect(out.contains("Refusals by code: counted for all families only"))
        #expect(out.contains("Journey, flow: invites reaching each stage in the range"))
        #expect(out.contains("Time between stages: issued → link_opened p50 -"))

        let cohortArguments = try ParsedArguments(["--group-by", "family", "--view", "cohort"], spec: MetricsFunnelCommand.spec)
        let cohortQuery = try MetricsFunnelCommand.query(cohortArguments, now: Self.now)
        #expect(cohortQuery.groupBy == .family && cohortQuery.view == .cohort)
        let cohortReport = try FunnelStore.report(cohortQuery, on: db.connection)
        #expect(cohortReport.journey?.totals.reached?[.redeemed] == StageReach(within1h: 0, within1d: 2, within7d: 2, ever: 2))
        let cohort = CapturedConsole()
        try MetricsFunnelCommand.print(cohortReport, json: false, console: cohort.console)
        #expect(cohort.out.contains("Journey by family, cohort: invites issued in the range and the stages they reached"))
        #expect(cohort.out.contains("fam-7"))

        let json = CapturedConsole()
        try MetricsFunnelCommand.print(report, json: true, console: json.console)
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(decoded["time_zone"] as? String == "UTC")
        #expect((decoded["totals"] as? [String: Any])?["redeemed"] as? Int == 2)
    }

    @Test("refusal codes read from events are escaped before they reach the terminal")
    func escapesStoredText() throws {
        let db = try MigratedDatabase()
        try db.connection.query(
            "INSERT INTO baton.events (type, reason, occurred_at) VALUES ('invite.rejected', $1, $2)",
            ["evil\u{1B}[2J", Self.now.addingTimeInterval(-60)])
        let report = try FunnelStore.report(JourneyQuery(now: Self.now), on: db.connection)
        let captured = CapturedConsole()
        try MetricsFunnelCommand.print(report, json: false, console: captured.console)
        #expect(!captured.out.contains("\u{1B}"))
        #expect(captured.out.contains("Refusals by code: evil\\u{001B}[2J 1 █"))
    }

    @Test("bars scale to the column's largest value", arguments: [(0, 10, " "), (1, 10, "▁"), (5, 10, "▄"), (10, 10, "█"), (3, 0, " ")])
    func bars(value: Int, peak: Int, bar: String) {
        #expect(FunnelTable.bar(value, peak: peak) == bar)
    }

    @Test("a report of more cells than BATON_REPORT_MAX_CELLS fails with report_too_large and exit 2")
    func tooManyCells() throws {
        let db = try MigratedDatabase()
        let environment = ["BATON_DATABASE_URL": db.conninfo, "BATON_SECRET_KEY": TestSecrets.secretKeyHex]
        let sinceTwentyThirteen = ["metrics", "funnel", "--since", "700w", "--group-by", "family", "--view", "cohort"]
        let refused = try BatonRun.run(sinceTwentyThirteen, environment: environment)
        #expect(refused.status == 2 && refused.err.contains("report_too_large"), "\(refused.err)")
        let month = ["metrics", "funnel", "--since", "30d", "--group-by", "family"]
        #expect(try BatonRun.run(month, environment: environment).status == 0)
        let lowered = try BatonRun.run(month, environment: environment.merging(["BATON_REPORT_MAX_CELLS": "1000"]) { $1 })
        #expect(lowered.status == 2 && lowered.err.contains("report_too_large"), "\(lowered.err)")
    }
}
