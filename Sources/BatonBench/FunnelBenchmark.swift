import BatonCore
import Foundation
import Journey
import Postgres

/// `baton-bench funnel`: the funnel query over a big generated history
/// against its ceilings.
///
/// 1. Generates an `InviteHistory` of `invites` invites over 90 days and
///    `families` families (events and redemptions included) with `BulkLoad`:
///    batches of a million invites, indexes built afterwards.
/// 2. Rolls it all up with `FunnelRollup.catchUp` and the stages with
///    `JourneyRollup.catchUp` (each timed), then adds a live tail of `tail`
///    events that are not rolled up.
/// 3. Times a 90-day daily report for all families and for one family
///    (median of `repeats`), against the ceiling: the plainest query that
///    reads the same rollup rows (`SELECT … sum(count) … GROUP BY day, type`
///    over `funnel_rollup_hourly`), and against `count(*)` over the raw
///    events, which is what the report would cost without rollups.
/// 4. Times the journey over the same 90 days (``JourneyStore``): the daily
///    stage funnel (flow) and the daily cohort (from the stage rollup),
///    against a plain
///    `count(*) … GROUP BY day, stage` over the stage rows and the raw
///    events' `count(*)` above; then one family's 90-day stage funnel and
///    a week's stage counts by family (both read stage rows), each against
///    the plain `count(*)` of the same rows.
///
/// It uses the schema `baton` of the database it is given and empties it,
/// unless ``reusesHistory`` asks it to time the history already there.
public struct FunnelBenchmark: Sendable {
    /// The database to measure, as a URL or conninfo string.
    public var conninfo: String
    /// Invites generated.
    public var invites: Int
    /// Families they belong to.
    public var families: Int
    /// Events left past the rollup's watermark (the live tail).
    public var tail: Int
    /// Timed runs of each query; the median is reported.
    public var repeats: Int
    /// Whether to time the reports over the history an earlier run left in
    /// the database (same `invites`, rolled up, its tail still past the
    /// watermark) instead of generating one: the reports only read, so a
    /// second run sees what the first one did.
    public var reusesHistory: Bool

    /// A benchmark; see the properties.
    public init(
        conninfo: String, invites: Int = 10_000_000, families: Int = 10_000, tail: Int = 10_000, repeats: Int = 5,
        reusesHistory: Bool = false
    ) {
        self.conninfo = conninfo
        self.invites = max(1, invites)
        self.families = max(1, families)
        self.tail = max(0, tail)
        self.repeats = max(1, repeats)
        self.reusesHistory = reusesHistory
    }

    /// Generates and rolls up (unless ``reusesHistory``), then measures.
    /// - Parameter progress: receives a line before each long step.
    /// - Throws: `PostgresError`, `MigrationError`, or `BenchmarkError`
    ///   `setup_failed` when there is no history to reuse.
    public func run(progress: (String) -> Void = { _ in }) throws -> BenchmarkReport {
        let connection = try PostgresConnection(conninfo)
        defer { connection.close() }
        try Migrator().migrate(on: connection)
        let loadAtStart = HTTPBenchmark.CPUClock.loadAverage()
        let setup = try reusesHistory ? reusedHistory(on: connection) : generatedHistory(on: connection, progress: progress)
        let events: Int = try connection.query("SELECT count(*) FROM baton.events")[0].decode(at: 0)
        let changedTail: Int = try connection.query("SELECT count(*) FROM baton.journey_changes")[0].decode(at: 0)
        progress("timing 90-day daily reports ...")

        let now = Date()
        let all = try JourneyQuery(from: now.addingTimeInterval(-90 * 86_400), to: now, interval: .day, now: now)
        let family = try JourneyQuery(from: all.from, to: all.to, interval: .day, familyID: "family-7", now: now)
        let ours = try repeated { _ = try FunnelStore.report(all, journey: false, on: connection) }
        let oursFamily = try repeated { _ = try FunnelStore.report(family, journey: false, on: connection) }
        let plain = try repeated { try connection.query(Self.plainRollup, [all.from, all.to]) }
        let plainFamily = try repeated { try connection.query(Self.plainFamilyRollup, [all.from, all.to, "family-7"]) }
        let raw = try repeated { try connection.query(Self.rawCount, [all.from, all.to]) }
        progress("timing the 90-day stage funnel and cohort ...")
        var cohortQuery = all
        cohortQuery.view = .cohort
        let stageFunnel = try repeated { _ = try JourneyStore.report(all, on: connection) }
        let cohort = try repeated { _ = try JourneyStore.report(cohortQuery, on: connection) }
        let plainStages = try repeated { try connection.query(Self.plainStageCount, [all.from, all.to]) }
        progress("timing one family's stage funnel and a week's stage counts by family ...")
        // A week, the admin page's default range: by family reads every stage row of its range.
        let byFamily = try JourneyQuery(from: now.addingTimeInterval(-7 * 86_400), to: now, interval: .day, groupBy: .family, now: now)
        let stageFunnelFamily = try repeated { _ = try JourneyStore.report(family, on: connection) }
        let plainStagesFamily = try repeated { try connection.query(Self.plainFamilyStageCount, [all.from, all.to, "family-7"]) }
        let stagesByFamily = try repeated { _ = try JourneyStore.groups(byFamily, on: connection) }
        let plainStagesByFamily = try repeated { try connection.query(Self.plainStageCountByFamily, [byFamily.from, byFamily.to]) }
        let stageRows: Int = try connection.query("SELECT count(*) FROM baton.invite_stages")[0].decode(at: 0)

        var report = BenchmarkReport(title: "Funnel")
        report.rows =
            [
                row(
                    "90-day daily report, all families", ours, ceiling: plain,
                    "plain SELECTs of the same rollup rows (day × type, latency bins)"),
                row(
                    "90-day daily report, one family", oursFamily, ceiling: plainFamily, "plain SELECTs of the same per-family rollup rows"),
                row("90-day daily report, all families", ours, ceiling: raw, "count(*) … GROUP BY day, type over raw events (no rollup)"),
            ]
            + [("90-day daily stage funnel (flow), all families", stageFunnel), ("90-day daily cohort, all families", cohort)].flatMap {
                [
                    row($0, $1, ceiling: plainStages, "count(*) … GROUP BY day, stage over the stage rows"),
                    row($0, $1, ceiling: raw, "count(*) … GROUP BY day, type over raw events"),
                ]
            }
            + [
                row(
                    "90-day daily stage funnel (flow), one family", stageFunnelFamily, ceiling: plainStagesFamily,
                    "count(*) … GROUP BY day, stage over the family's stage rows"),
                row(
                    "7-day daily stage counts by family, every family (unbounded)", stagesByFamily, ceiling: plainStagesByFamily,
                    "count(*) … GROUP BY family, stage over the stage rows joined to their invites"),
            ] + setup
        report.notes = [
            reusesHistory
                ? "The history was generated and rolled up by an earlier run (`--reuse-history`); this run only timed the reports."
                : "Generation, roll-ups and the tail were done by this run.",
            "\(invites) invites over \(families) families, created uniformly over 90 days; \(events) events; a live tail of \(tail) events past the watermark is read by every report.",
            "Generated set-wise (`InviteHistory`: states, events, redemptions and deadlines as the service writes them) in batches of \(InviteHistory.batch) invites, with the indexes and keys of invites, events and redemptions dropped and built again afterwards in the same transaction (`BulkLoad`, as pg_restore does), then VACUUM (ANALYZE) and CHECKPOINT. Rolled up with `FunnelRollup.catchUp` in steps of \(Self.rollupBatch) events, with work_mem \(Self.rollupWorkMemory) for that session.",
            "Load average \(loadAtStart) at the start and \(HTTPBenchmark.CPUClock.loadAverage()) at the end on \(ProcessInfo.processInfo.activeProcessorCount) cores: the generation and rollup times depend on what else runs; the report times are compared with ceilings measured right beside them.",
            "Report times are medians of \(repeats) runs on one connection after a warm-up run (min–max in brackets); the ceilings run on the same connection in the same run. The generation and the rollup are single runs: each takes minutes and builds the state the reports read, so they are shown without a range.",
            "Ours returns every bucket with stage counts, channels, rejections and the time-to-redeem histogram (rollup rows + live tail, one statement).",
            "The journey reads the stage rollup (`JourneyRollup`, over \(stageRows) stage rows) with the times between stages (histogram bins) and the views, plus the \(changedTail) invites whose stages changed past its watermark (the tail's previews). Its catch-up ran in steps of \(Self.rollupBatch) changed invites with the same work_mem.",
            "One family's journey and the counts by family read the stage rows of their range joined to their invites (no rollup keeps families): one family's through the invites' family index, the breakdown by family all of them. The admin page shows that breakdown only when asked for (its default is by source, from the rollup).",
        ]
        return report
    }

    /// Empties the schema, generates the history, rolls it all up (timed)
    /// and adds the live tail; returns the rows of the timed steps.
    private func generatedHistory(on connection: PostgresConnection, progress: (String) -> Void) throws -> [BenchmarkReport.Row] {
        try connection.runScript(
            """
            TRUNCATE baton.jobs, baton.events, baton.redemptions, baton.invites, baton.invite_deadlines, baton.funnel_rollup_hourly,
                     baton.funnel_rollup_family_hourly, baton.redeem_latency_hourly, baton.redeem_latency_family_hourly, baton.rejections_hourly,
                     baton.journey_changes, baton.journey_rolled_invites, baton.journey_rollup_hourly, baton.journey_times_hourly CASCADE;
            UPDATE baton.funnel_rollup_state SET watermark_id = 0, pending_id = 0, pending_xmax = '0';
            UPDATE baton.journey_rollup_state SET watermark_id = 0, pending_id = 0, pending_xmax = '0';
            """)
        progress("generating \(invites) invites and their events over 90 days ...")
        let history = InviteHistory(anchor: Date(), invites: invites, families: families)
        let generation = try timed { try history.load(1...invites, on: connection, progress: progress) }
        let events: Int = try connection.query("SELECT count(*) FROM baton.events")[0].decode(at: 0)
        progress(String(format: "generated in %.1f s; rolling up \(events) events ...", generation))
        // A catch-up over millions of events groups nearly as many rows:
        // room to sort them in memory (the worker's steps are small).
        try connection.runScript("SET work_mem = '\(Self.rollupWorkMemory)'")
        let rollup = try timed { try FunnelRollup.catchUp(batch: Self.rollupBatch, timeout: .seconds(3_600), on: connection) }
        let changes: Int = try connection.query("SELECT count(*) FROM baton.journey_changes")[0].decode(at: 0)
        progress(String(format: "rolled up in %.1f s; rolling up the stages of \(changes) changed invites ...", rollup))
        let stageRollup = try timed { try JourneyRollup.catchUp(batch: Self.rollupBatch, timeout: .seconds(3_600), on: connection) }
        try connection.runScript("RESET work_mem")
        for table in Self.rollupTables { try connection.runScript("VACUUM ANALYZE \(table)") }
        try connection.query(Self.generateTail, [tail])
        progress(String(format: "stages rolled up in %.1f s", stageRollup))
        return [
            BenchmarkReport.Row(name: "roll up \(events) events from scratch", unit: "s", ours: rollup, higherIsBetter: false),
            BenchmarkReport.Row(
                name: "roll up the stages of \(changes) invites from scratch", unit: "s", ours: stageRollup, higherIsBetter: false),
            BenchmarkReport.Row(
                name: "generate \(invites) invites and \(events) events", unit: "s", ours: generation, higherIsBetter: false),
        ]
    }

    /// Checks that the schema holds the history of an earlier run with as
    /// many invites, rolled up, and leaves it (and its tail) as it is.
    /// - Throws: `BenchmarkError` `setup_failed` when it does not.
    private func reusedHistory(on connection: PostgresConnection) throws -> [BenchmarkReport.Row] {
        let row = try connection.query(Self.reusableHistory)[0]
        let found: Int = try row.decode("invites")
        let rolledUp: Bool = try row.decode("rolled_up")
        guard found == invites, rolledUp else {
            throw BenchmarkError(
                code: "setup_failed",
                message:
                    "--reuse-history needs the rolled-up history of \(invites) invites from an earlier run in this database; it holds \(found) invites\(rolledUp ? "" : ", not rolled up")"
            )
        }
        return []
    }

    /// Events per rollup step while catching up (`FunnelRollup.step`).
    static let rollupBatch = 5_000_000

    /// The rollup tables analyzed after the catch-up.
    static let rollupTables = [
        "baton.funnel_rollup_hourly", "baton.funnel_rollup_family_hourly", "baton.journey_rolled_invites", "baton.journey_rollup_hourly",
        "baton.journey_times_hourly",
    ]

    /// `work_mem` of the catching-up session.
    static let rollupWorkMemory = "512MB"

    private func row(_ name: String, _ ours: [Double], ceiling: [Double], _ ceilingName: String) -> BenchmarkReport.Row {
        BenchmarkReport.Row(name: name, unit: "ms", runs: ours, ceilingRuns: ceiling, ceilingName: ceilingName, higherIsBetter: false)
    }

    /// `body`'s duration in milliseconds, `repeats` times, after one warm-up run.
    private func repeated(_ body: () throws -> Void) throws -> [Double] {
        try body()
        return try (0..<repeats).map { _ in try timed(body) * 1_000 }
    }

    /// `body`'s duration in seconds.
    private func timed(_ body: () throws -> Void) throws -> Double {
        let began = ContinuousClock.now
        try body()
        return (ContinuousClock.now - began) / .seconds(1)
    }
}
