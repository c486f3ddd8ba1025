import BatonCore
import Foundation
import Postgres

/// How the invite API's figures grow with the invites table: the API
/// benchmark (preview and redeem over HTTP next to pgbench) measured at each
/// table size in turn, from 10⁴ up to 10⁷ invites by default.
///
/// Lookups go through unique indexes on the token and code hashes, so
/// latency must stay flat as the table grows; a scan would show up here as a
/// p50 growing with the size. Between the measurements the table is grown
/// with an `InviteHistory` (a hundred thousand families, events and
/// redemptions included, as in a real deployment of that size) written by
/// `BulkLoad`, which also lets the cluster settle before the next measurement.
/// The fill, the expensive part, happens once per size; the measurement
/// repeats there (`api.repetitions`), and the report gives medians with
/// Baton's min–max at every size, first in one compact growth table.
public struct ScalingBenchmark: Sendable {
    /// What to run.
    public struct Options: Sendable {
        /// The API benchmark run at each size (its database is grown); its
        /// `repetitions` are the measurements repeated at each size, and its
        /// `redeemInvites` must cover them (see `APIBenchmark.Options.freshInvites`).
        public var api: APIBenchmark.Options
        /// Table sizes to measure at, ascending; a size the table already
        /// exceeds is measured at its actual size.
        public var sizes: [Int]

        /// Defaults: 10⁴, 10⁶ and 10⁷ invites.
        public init(api: APIBenchmark.Options, sizes: [Int] = [10_000, 1_000_000, 10_000_000]) {
            self.api = api
            self.sizes = sizes.sorted()
        }
    }

    /// The settings.
    public let options: Options

    /// A benchmark with `options`.
    public init(_ options: Options) {
        self.options = options
    }

    /// Grows the table to each size once and runs the API benchmark there,
    /// its whole sequence `api.repetitions` times on the same fill;
    /// `progress` hears what is happening, for a terminal. When a later size
    /// fails, the sizes already measured are returned with the failure as a note.
    /// - Throws: `BenchmarkError` from filling or from the API benchmark at the first size.
    public func run(progress: (String) -> Void = { _ in }) throws(BenchmarkError) -> BenchmarkReport {
        var measured: [MeasuredSize] = []
        // The API benchmark adds its own invites: fill so that the table
        // holds about `size` while it measures.
        let added = options.api.invitesAdded
        for size in options.sizes {
            do {
                try fill(upTo: size - added, progress: progress)
                progress("measuring the API \(options.api.repetitions) times on \(try count()) invites and \(added) of its own ...")
                let outcome = try APIBenchmark(options.api).measure()
                let plans = try planSummary()
                measured.append(MeasuredSize(label: Self.sizeLabel(try count()), outcome: outcome, plans: plans))
            } catch {
                // The sizes measured so far stand; the failure is reported at its size.
                guard !measured.isEmpty else { throw error }
                return report(measured, stopped: "Stopped at about \(size) invites: \(error)")
            }
        }
        return report(measured, stopped: nil)
    }

    /// The invites table's row count, after migrating the database when needed.
    private func count() throws(BenchmarkError) -> Int {
        do {
            let connection = try PostgresConnection(options.api.conninfo)
            defer { connection.close() }
            try Migrator().migrate(on: connection)
            return try connection.query("SELECT count(*) FROM baton.invites")[0].decode(Int.self, at: 0)
        } catch {
            throw BenchmarkError(code: "setup_failed", message: "Could not count the invites: \(error)")
        }
    }

    /// Writes generated invites, with their events and redemptions, until
    /// the invites table holds at least `size` rows, then lets the cluster
    /// settle (see `BulkLoad`).
    private func fill(upTo size: Int, progress: (String) -> Void) throws(BenchmarkError) {
        let count = try count()
        guard count < size else { return }
        progress("growing the invites table from \(count) to \(size) rows ...")
        do {
            let connection = try PostgresConnection(options.api.conninfo)
            defer { connection.close() }
            // Invite numbers past the row count were never written: each
            // fill starts above the last one's end.
            let history = InviteHistory(anchor: Date(), invites: size, families: 100_000, familyPrefix: "filler-")
            try history.load(count + 1...size, on: connection, progress: progress)
        } catch {
            throw BenchmarkError(code: "setup_failed", message: "Could not grow the invites table: \(error)")
        }
    }

    /// `10^5`-style label of a row count: its nearest power of ten (on a
    /// log scale), so 91,000 rows read as `10^5`, not `10^4`.
    static func sizeLabel(_ count: Int) -> String {
        let exponent = Int(log10(Double(max(count, 1))).rounded())
        return "10^\(exponent) (\(count))"
    }
}
