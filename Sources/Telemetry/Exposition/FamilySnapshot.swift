/// The kind of a metric family, as `# TYPE` names it.
public enum MetricType: String, Sendable {
    /// Only goes up; resets to zero when the process restarts.
    case counter
    /// Goes up and down.
    case gauge
    /// Cumulative buckets with `_bucket`, `_sum` and `_count` samples.
    case histogram
}

/// One `name="value"` pair of a sample.
public struct Label: Sendable, Equatable {
    /// The label name, such as `route`.
    public var name: String
    /// The value, escaped when written.
    public var value: String

    /// A label.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// One line of the exposition: a name (with any `_bucket`/`_sum`/`_count`
/// suffix), labels and a value.
public struct Sample: Sendable, Equatable {
    /// The sample's full name.
    public var name: String
    /// Its labels in order.
    public var labels: [Label]
    /// Its value.
    public var value: Double

    /// A sample.
    public init(name: String, labels: [Label] = [], value: Double) {
        self.name = name
        self.labels = labels
        self.value = value
    }
}

/// A metric family as read at one scrape: what `# HELP` and `# TYPE` say and
/// every sample. Scrape-time collectors (pool statistics, job counts, /proc)
/// return these; the registry's own families are read into them too.
public struct FamilySnapshot: Sendable {
    /// The family name, such as `baton_http_requests_total`.
    public var name: String
    /// One line of help text.
    public var help: String
    /// The family's type.
    public var type: MetricType
    /// Every sample of the family.
    public var samples: [Sample]

    /// A snapshot.
    public init(name: String, help: String, type: MetricType, samples: [Sample]) {
        self.name = name
        self.help = help
        self.type = type
        self.samples = samples
    }

    /// A family with one unlabelled gauge sample.
    public static func gauge(_ name: String, help: String, value: Double) -> FamilySnapshot {
        FamilySnapshot(name: name, help: help, type: .gauge, samples: [Sample(name: name, value: value)])
    }

    /// A family with one unlabelled counter sample.
    public static func counter(_ name: String, help: String, value: Double) -> FamilySnapshot {
        FamilySnapshot(name: name, help: help, type: .counter, samples: [Sample(name: name, value: value)])
    }
}

/// What a family's children are: something that can be read as samples.
protocol SampleSource: Sendable {
    func samples(name: String, labels: [Label]) -> [Sample]
}
