import Foundation

/// Times to redeem (redemption time minus the invite's creation) as counts
/// in log-scale bins, the form the rollup keeps (`baton.redeem_latency_bin`):
/// bin 0 is [0 s, 1 s), bin i ≥ 1 is [2^((i-1)/8) s, 2^(i/8) s), eight per doubling.
///
/// A percentile is reported as its bin's geometric middle, so above one
/// second it is within 2^(1/16) − 1 ≈ 4.4 % of the exact nearest-rank
/// percentile; below one second it reads 0.5 s.
public struct StagePairHistogram: Sendable, Equatable {
    /// Bins per doubling of the time.
    public static let binsPerDoubling = 8

    /// Count per bin index; bins without redemptions are absent.
    public private(set) var counts: [Int: Int] = [:]

    /// An empty histogram.
    public init() {}

    /// Adds `count` redemptions to bin `bin`; negative bins are ignored.
    public mutating func add(_ count: Int, bin: Int) {
        guard bin >= 0, count > 0 else { return }
        counts[bin, default: 0] += count
    }

    /// How many redemptions it holds.
    public var total: Int { counts.values.reduce(0, +) }

    /// The lower bound of `bin` in seconds.
    public static func lowerBound(of bin: Int) -> Double {
        bin == 0 ? 0 : pow(2, Double(bin - 1) / Double(binsPerDoubling))
    }

    /// The upper bound of `bin` in seconds (exclusive).
    public static func upperBound(of bin: Int) -> Double {
        pow(2, Double(bin) / Double(binsPerDoubling))
    }

    /// The value reported for `bin`: its geometric middle, 0.5 s for bin 0.
    public static func representative(of bin: Int) -> Double {
        bin == 0 ? 0.5 : pow(2, (Double(bin) - 0.5) / Double(binsPerDoubling))
    }

    /// The nearest-rank `quantile` (0 < q ≤ 1) in seconds, or nil when empty.
    public func percentile(_ quantile: Double) -> Double? {
        let total = total
        guard total > 0 else { return nil }
        let rank = max(1, Int((quantile * Double(total)).rounded(.up)))
        var seen = 0
        for bin in counts.keys.sorted() {
            seen += counts[bin] ?? 0
            if seen >= rank { return Self.representative(of: bin) }
        }
        return nil
    }
}
