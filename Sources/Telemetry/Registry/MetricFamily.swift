import Synchronization

/// Series that share a name, a help text and label names, one child metric
/// per combination of label values (`route="/v1/invites", status="201"`).
///
/// Label values must come from bounded sets (enums, route patterns, status
/// codes), never from raw request input. As a second line of defence a
/// family holds at most `maxSeries` children plus one: values past that all
/// land in one child whose every label reads `_overflow`, so a bug cannot
/// grow memory or the scrape without bound.
///
/// Finding a child takes a lock around a small dictionary; callers on hot
/// paths look children up once and keep them. Children are stored as
/// `AnyObject`, so the lookup is concrete code even where the generic
/// family is not specialized (callers in other modules).
public final class MetricFamily<Metric: AnyObject & Sendable>: Sendable {
    /// The family name.
    public let name: String
    /// The label names, in the order ``labels(_:)-(String...)`` takes values.
    public let labelNames: [String]
    /// The most children before values collapse into `_overflow`.
    public let maxSeries: Int
    let help: String
    let type: MetricType
    private let make: @Sendable () -> Metric
    private let read: @Sendable (Metric, String, [Label]) -> [Sample]
    private let children = Mutex<[[String]: AnyObject]>([:])

    /// The label value of the child that takes values past `maxSeries`.
    public static var overflowValue: String { "_overflow" }

    init(
        name: String, help: String, type: MetricType, labelNames: [String], maxSeries: Int,
        make: @escaping @Sendable () -> Metric
    ) where Metric: SampleSource {
        precondition(!labelNames.isEmpty && labelNames.allSatisfy(MetricName.isValidLabel), "bad label names for \(name)")
        precondition(maxSeries > 0, "maxSeries must be positive")
        self.name = name
        self.help = help
        self.type = type
        self.labelNames = labelNames
        self.maxSeries = maxSeries
        self.make = make
        read = { metric, name, labels in metric.samples(name: name, labels: labels) }
    }

    /// The child for `values`, one per label name, created on first use.
    public func labels(_ values: String...) -> Metric {
        labels(values)
    }

    /// The child for `values`, one per label name, created on first use.
    public func labels(_ values: [String]) -> Metric {
        precondition(values.count == labelNames.count, "\(name) takes \(labelNames.count) label values")
        let child = children.withLock { children -> AnyObject in
            if let existing = children[values] { return existing }
            let key = children.count < maxSeries ? values : labelNames.map { _ in Self.overflowValue }
            if let overflow = children[key] { return overflow }
            let created = make()
            children[key] = created
            return created
        }
        // Only `make()` puts children in, so every one is a `Metric`.
        return unsafeDowncast(child, to: Metric.self)
    }

    /// The family's samples, children ordered by their label values.
    func snapshot() -> FamilySnapshot {
        let current = children.withLock { $0.map { (values: $0.key, metric: $0.value) } }
        let ordered = current.sorted { $0.values.lexicographicallyPrecedes($1.values) }
        let samples = ordered.flatMap { child in
            read(unsafeDowncast(child.metric, to: Metric.self), name, zip(labelNames, child.values).map { Label(name: $0, value: $1) })
        }
        return FamilySnapshot(name: name, help: help, type: type, samples: samples)
    }
}
