import Synchronization

/// A count that only goes up (requests served, invites issued): one atomic
/// integer, so recording from any thread costs one uncontended atomic add.
/// Prometheus computes rates from it and handles the reset at restart.
public final class Counter: Sendable {
    private let value = Atomic<Int>(0)

    /// A counter at zero; get one from ``MetricsRegistry`` or a ``MetricFamily``.
    public init() {}

    /// Adds `amount` (default 1). A negative amount is ignored: a counter that
    /// went down would read as a restart to Prometheus.
    public func increment(by amount: Int = 1) {
        guard amount > 0 else { return }
        value.add(amount, ordering: .relaxed)
    }

    /// The current count.
    public var count: Int { value.load(ordering: .relaxed) }
}

extension Counter: SampleSource {
    func samples(name: String, labels: [Label]) -> [Sample] {
        [Sample(name: name, labels: labels, value: Double(count))]
    }
}
