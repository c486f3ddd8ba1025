import Synchronization

/// Observations counted into fixed buckets (request latency, job run time).
/// Each bucket is its own atomic counter of the observations that fell in it
/// (not cumulative), so `observe` is a short search plus one atomic add and
/// one compare-and-swap on the sum. Exposition sums the buckets in order, so
/// the written buckets are cumulative and `+Inf` always equals `_count`.
public final class Histogram: Sendable {
    /// The upper bounds, ascending, without `+Inf`.
    public let upperBounds: [Double]
    /// One cell per bound plus one for `+Inf`.
    private let cells: [Cell]
    private let sum = Gauge()

    /// A class per cell: `Atomic` cannot be stored in an array directly.
    private final class Cell: Sendable {
        let count = Atomic<Int>(0)
    }

    /// A histogram with `upperBounds` (ascending, finite, not empty); the
    /// bounds are fixed by the program, so bad ones stop it at startup.
    public init(upperBounds: [Double]) {
        precondition(!upperBounds.isEmpty && upperBounds.allSatisfy(\.isFinite), "histogram needs finite bounds")
        precondition(zip(upperBounds, upperBounds.dropFirst()).allSatisfy { $0 < $1 }, "histogram bounds must ascend")
        self.upperBounds = upperBounds
        cells = (0...upperBounds.count).map { _ in Cell() }
    }

    /// Records one observation; NaN is ignored.
    public func observe(_ value: Double) {
        guard !value.isNaN else { return }
        var index = 0
        while index < upperBounds.count, value > upperBounds[index] { index += 1 }
        cells[index].count.add(1, ordering: .relaxed)
        sum.add(value)
    }

    /// Records a duration in seconds.
    public func observe(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        observe(Double(seconds) + Double(attoseconds) * 1e-18)
    }

    /// Cumulative counts per bound, the last being `+Inf` (the total count).
    public var cumulativeCounts: [Int] {
        var running = 0
        return cells.map { cell in
            running += cell.count.load(ordering: .relaxed)
            return running
        }
    }

    /// The sum of all observations.
    public var total: Double { sum.value }

    /// Bounds for request latencies: 1 ms to 10 s.
    public static let latencyBounds: [Double] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
    /// Bounds for background work (job run time, queue lag): 10 ms to 1 h.
    public static let backgroundBounds: [Double] = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900, 3600]
}

extension Histogram: SampleSource {
    func samples(name: String, labels: [Label]) -> [Sample] {
        let counts = cumulativeCounts
        var samples: [Sample] = []
        samples.reserveCapacity(counts.count + 2)
        for (index, count) in counts.enumerated() {
            let bound = index < upperBounds.count ? ExpositionFormat.number(upperBounds[index]) : "+Inf"
            samples.append(Sample(name: name + "_bucket", labels: labels + [Label(name: "le", value: bound)], value: Double(count)))
        }
        samples.append(Sample(name: name + "_sum", labels: labels, value: total))
        samples.append(Sample(name: name + "_count", labels: labels, value: Double(counts.last ?? 0)))
        return samples
    }
}
