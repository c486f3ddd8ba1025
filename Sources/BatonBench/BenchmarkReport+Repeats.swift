extension BenchmarkReport {
    /// One report from repeated runs of the same benchmark: each row's
    /// figure is the median of its runs with their min–max, and its ceiling
    /// the median of the ceiling's runs, so one noisy run on a shared
    /// machine moves neither. Rows are matched by name in the first run's
    /// order; a row missing from some runs is reported over the runs that
    /// have it. Notes are the first run's.
    /// - Returns: nil for no runs.
    public static func combining(_ runs: [BenchmarkReport]) -> BenchmarkReport? {
        guard let first = runs.first else { return nil }
        guard runs.count > 1 else { return first }
        var combined = BenchmarkReport(title: first.title + " (median of \(runs.count) runs)", notes: first.notes)
        for template in first.rows {
            let matches = runs.flatMap { $0.rows.filter { $0.name == template.name } }
            let ours = matches.map(\.ours)
            let ceilings = matches.compactMap(\.ceiling)
            var row = template
            row.ours = median(ours) ?? template.ours
            row.oursRange = ours.min().flatMap { low in ours.max().map { low...$0 } }
            row.ceiling = median(ceilings)
            combined.rows.append(row)
        }
        return combined
    }
}
