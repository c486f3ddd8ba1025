import Foundation

extension APIBenchmark {
    /// Baton's medians (with their range) against the C ceiling's, then
    /// against pgbench's, for every measure.
    func report(_ outcome: Outcome) -> BenchmarkReport {
        let (runs, fresh, offsets) = (outcome.runs, outcome.fresh, outcome.offsets)
        var report = BenchmarkReport(title: "Invite API over HTTP vs a C server and pgbench with the same SQL")
        let connections = "\(options.connections) connections"
        let measures: [(String, Series, Series)] = [
            ("preview, \(connections)", .previewOurs, .previewCeiling),
            ("preview at half load, \(connections)", .halfOurs, .halfCeiling),
            ("redeem (fresh invite each), \(connections)", .redeemOurs, .redeemCeiling),
        ]
        for (name, ours, ceiling) in measures {
            report.rows += rows(name, ours: runs[ours] ?? [], ceiling: runs[ceiling] ?? [], ceilingName: "C, libmicrohttpd + libpq")
        }
        for (name, ours, ceiling) in [("preview", Series.previewOurs, Series.previewCeiling), ("redeem", .redeemOurs, .redeemCeiling)] {
            let theirs = (runs[ceiling] ?? []).compactMap(\.cpuMicrosecondsPerRequest)
            report.rows.append(
                BenchmarkReport.Row(
                    name: "\(name) server CPU per request", unit: "µs", runs: (runs[ours] ?? []).compactMap(\.cpuMicrosecondsPerRequest),
                    ceilingRuns: theirs, ceilingName: "C, libmicrohttpd + libpq" + Self.rangeSuffix(theirs), higherIsBetter: false,
                    paired: true
                ))
        }
        let pgbenchName = "pgbench -M prepared, \(options.databaseClients) clients (no HTTP)"
        for (name, ours, pgbench) in [("preview", Series.previewOurs, Series.previewPgbench), ("redeem", .redeemOurs, .redeemPgbench)] {
            report.rows += rows(
                "\(name) vs the database alone", ours: runs[ours] ?? [], ceiling: runs[pgbench] ?? [], ceilingName: pgbenchName)
        }
        report.notes = [
            "Baton and C: \(options.databaseClients) libmicrohttpd threads (same flags and options), \(options.databaseClients) database connections; Baton with rate limits off and its access log written to /dev/null; C (bench/ceiling/api.c) runs the same prepared statements, hashes the token and mints a handoff of the same shape, and skips the API-key lookup, rate limits, logging and escaping.",
            "wrk --latency, \(WrkDriver.threads) threads, keep-alive, \(options.seconds) s per run, \(options.repetitions) repetitions; medians, Baton's range in brackets, the ceiling's range in its name. Half load: each server paced to half its own full-load rate of that repetition (the req/s row shows the rate reached).",
            "Ratios are the median of each repetition's own ratio (their range in brackets): the host's speed drifts between repetitions. Each server first gets an untimed second of previews and one of redeems, pgbench one of redeems; each repetition starts with VACUUM ANALYZE and CHECKPOINT, and Baton and C take turns at going first.",
            "Fresh redemptions committed, warm-up included: Baton \(fresh.ours), C \(fresh.ceiling), pgbench \(fresh.pgbench) (each on its own invites; the redeem runs used \(offsets.ours) and \(offsets.ceiling) of \(outcome.freshLines) credential lines, so none replayed when that is below).",
            "pgbench latencies are per transaction from its --log; wrk's are per HTTP request. Same cluster, fsync as configured.",
            "Load average at start: \(HTTPBenchmark.CPUClock.loadAverage()) on \(ProcessInfo.processInfo.activeProcessorCount) cores.",
            #"Targets: docs/benchmarks.md, "Targets"."#,
        ]
        if let stopped = outcome.stopped {
            let done = runs[.redeemPgbench]?.count ?? 0
            report.notes.append("Stopped after \(done) of \(options.repetitions) repetitions, the figures are theirs: \(stopped)")
        }
        return report
    }

    /// req/s, p50 and p99 rows of one measure.
    private func rows(_ name: String, ours: [Measurement], ceiling: [Measurement], ceilingName: String) -> [BenchmarkReport.Row] {
        let figures: [(String, String, KeyPath<Measurement, Double>, Bool)] = [
            ("", "req/s", \.requestsPerSecond, true), (" p50", "ms", \.p50Milliseconds, false), (" p99", "ms", \.p99Milliseconds, false),
        ]
        return figures.map { suffix, unit, value, higherIsBetter in
            let theirs = ceiling.map { $0[keyPath: value] }
            return BenchmarkReport.Row(
                name: name + suffix, unit: unit, runs: ours.map { $0[keyPath: value] }, ceilingRuns: theirs,
                ceilingName: ceilingName + Self.rangeSuffix(theirs), higherIsBetter: higherIsBetter, paired: true
            )
        }
    }

    /// The ceiling's min–max, appended to its name; empty without runs.
    private static func rangeSuffix(_ runs: [Double]) -> String {
        BenchmarkReport.range(runs).map { " " + BenchmarkReport.format($0) } ?? ""
    }
}
