import Synchronization

/// The metrics of one process, and their exposition for `/metrics`.
///
/// Families are registered once, at startup, and recorded into from any
/// thread without touching the registry again. Values that live elsewhere
/// (pool statistics, job counts in the database, /proc) are read only when
/// scraped, by collectors added with ``addCollector(_:)``.
///
/// Registering two families with one name, or a malformed name, is a
/// programming error and stops the program.
public final class MetricsRegistry: Sendable {
    private struct Registered: Sendable {
        let name: String
        let snapshot: @Sendable () -> FamilySnapshot
    }

    private struct State {
        var families: [Registered] = []
        var collectors: [@Sendable () -> [FamilySnapshot]] = []
    }

    private let state = Mutex(State())

    /// An empty registry.
    public init() {}

    /// A counter without labels.
    public func counter(_ name: String, help: String) -> Counter {
        unlabelled(Counter(), name: name, help: help, type: .counter)
    }

    /// A family of counters, one per combination of `labelNames` values.
    public func counter(_ name: String, help: String, labelNames: [String], maxSeries: Int = 256) -> MetricFamily<Counter> {
        family(MetricFamily(name: name, help: help, type: .counter, labelNames: labelNames, maxSeries: maxSeries) { Counter() })
    }

    /// A gauge without labels.
    public func gauge(_ name: String, help: String) -> Gauge {
        unlabelled(Gauge(), name: name, help: help, type: .gauge)
    }

    /// A family of gauges, one per combination of `labelNames` values.
    public func gauge(_ name: String, help: String, labelNames: [String], maxSeries: Int = 256) -> MetricFamily<Gauge> {
        family(MetricFamily(name: name, help: help, type: .gauge, labelNames: labelNames, maxSeries: maxSeries) { Gauge() })
    }

    /// A histogram without labels, with fixed `upperBounds`.
    public func histogram(_ name: String, help: String, upperBounds: [Double]) -> Histogram {
        unlabelled(Histogram(upperBounds: upperBounds), name: name, help: help, type: .histogram)
    }

    /// A family of histograms with fixed `upperBounds`, one per combination of `labelNames` values.
    public func histogram(
        _ name: String, help: String, labelNames: [String], upperBounds: [Double], maxSeries: Int = 256
    ) -> MetricFamily<Histogram> {
        family(
            MetricFamily(name: name, help: help, type: .histogram, labelNames: labelNames, maxSeries: maxSeries) {
                Histogram(upperBounds: upperBounds)
            })
    }

    /// Adds families read at scrape time. `collect` runs on the scraping
    /// thread, outside any lock of the registry; it may block briefly (a
    /// cached database query) and should not throw away the scrape on
    /// failure: return fewer families instead.
    public func addCollector(_ collect: @escaping @Sendable () -> [FamilySnapshot]) {
        state.withLock { $0.collectors.append(collect) }
    }

    /// Every family: registered ones in registration order, then the collectors'.
    public func snapshot() -> [FamilySnapshot] {
        let (families, collectors) = state.withLock { ($0.families, $0.collectors) }
        return families.map { $0.snapshot() } + collectors.flatMap { $0() }
    }

    /// The scrape body in the text exposition format 0.0.4.
    public func exposition() -> String {
        ExpositionFormat.render(snapshot())
    }

    private func unlabelled<Metric: SampleSource>(_ metric: Metric, name: String, help: String, type: MetricType) -> Metric {
        register(
            Registered(name: name) {
                FamilySnapshot(name: name, help: help, type: type, samples: metric.samples(name: name, labels: []))
            })
        return metric
    }

    private func family<Metric>(_ family: MetricFamily<Metric>) -> MetricFamily<Metric> {
        register(Registered(name: family.name) { family.snapshot() })
        return family
    }

    private func register(_ family: Registered) {
        precondition(MetricName.isValidMetric(family.name), "bad metric name: \(family.name)")
        state.withLock { state in
            precondition(!state.families.contains { $0.name == family.name }, "metric registered twice: \(family.name)")
            state.families.append(family)
        }
    }
}
