import Foundation

extension ScalingBenchmark {
    /// What the API benchmark measured at one table size.
    struct MeasuredSize {
        /// The size as the report names it, such as `10^6 (1000000)`.
        var label: String
        /// Every run at this size.
        var outcome: APIBenchmark.Outcome
        /// The scan nodes of the preview and redeem plans at this size.
        var plans: String
    }

    /// The growth table first, then every measure of the API benchmark with
    /// the sizes side by side (medians and min–max of the repetitions at
    /// each size), then the notes: those shared by every size once, the
    /// others under their size.
    func report(_ sizes: [MeasuredSize], stopped: String?) -> BenchmarkReport {
        let api = APIBenchmark(options.api)
        let reports = sizes.map { api.report($0.outcome) }
        var report = BenchmarkReport(title: "Invite API as the invites table grows")
        report.summary = GrowthTable(sizes: sizes.map { .init(label: $0.label, runs: $0.outcome.runs) }).markdown()
        // Measure-major, so one measure's sizes sit on adjacent lines.
        for index in reports.first?.rows.indices ?? 0..<0 {
            for (size, measured) in zip(sizes, reports) where index < measured.rows.count {
                var row = measured.rows[index]
                row.name = "\(row.name), \(size.label) invites"
                report.rows.append(row)
            }
        }
        let notes = zip(sizes, reports).map { size, measured in measured.notes + [size.plans] }
        // With one size there is nothing to share: every note stays under its size.
        let shared = notes.count > 1 ? (notes.first?.filter { note in notes.allSatisfy { $0.contains(note) } } ?? []) : []
        report.notes =
            [
                "At each size the table is filled once, then the API benchmark runs its whole sequence \(options.api.repetitions) times (\(options.api.seconds) s per run, \(options.api.connections) connections). The first table is the summary: medians with min–max in brackets; % of C is Baton's req/s over the C ceiling's in the same repetition (median and min–max of those ratios). A size is the invites table's row count after the run, its own \(options.api.invitesAdded) invites included.",
                "Filler invites are a generated 90-day history (100,000 families, with their events and redemptions: about 2.2 events per invite), loaded with the indexes built afterwards, then VACUUM (ANALYZE), CHECKPOINT and a wait for autovacuum to go quiet before measuring; every lookup goes through a unique index, so latency should not grow with the table.",
            ] + shared
        for (size, sizeNotes) in zip(sizes, notes) {
            report.notes += sizeNotes.filter { !shared.contains($0) }.map { "\(size.label): \($0)" }
        }
        if sizes.count > 1 {
            report.notes.append(
                "Fresh-redemption counts add up over the sizes (the table keeps the earlier sizes' redemptions); the credential lines used are per size."
            )
        }
        if let stopped { report.notes.append(stopped) }
        return report
    }
}
