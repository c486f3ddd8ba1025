import Synchronization

/// A value that goes up and down (connections in use, leader or not). Stored
/// as the bit pattern of a `Double` in one atomic word: `set` is one store,
/// `add` a short compare-and-swap loop.
public final class Gauge: Sendable {
    private let bits = Atomic<UInt64>(0)

    /// A gauge at zero; get one from ``MetricsRegistry`` or a ``MetricFamily``.
    public init() {}

    /// Replaces the value.
    public func set(_ value: Double) {
        bits.store(value.bitPattern, ordering: .relaxed)
    }

    /// Adds `delta`, which may be negative.
    public func add(_ delta: Double) {
        var current = bits.load(ordering: .relaxed)
        while true {
            let next = (Double(bitPattern: current) + delta).bitPattern
            let (exchanged, original) = bits.compareExchange(
                expected: current, desired: next, successOrdering: .relaxed, failureOrdering: .relaxed
            )
            if exchanged { return }
            current = original
        }
    }

    /// The current value.
    public var value: Double { Double(bitPattern: bits.load(ordering: .relaxed)) }
}

extension Gauge: SampleSource {
    func samples(name: String, labels: [Label]) -> [Sample] {
        [Sample(name: name, labels: labels, value: value)]
    }
}
