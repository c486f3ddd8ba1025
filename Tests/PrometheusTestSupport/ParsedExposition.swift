/// One sample line as parsed.
public struct ParsedSample: Sendable {
    public let name: String
    public let labels: [String: String]
    public let value: Double
}

/// One family as parsed: its HELP, TYPE and samples.
public struct ParsedFamily: Sendable {
    public let name: String
    public var help: String?
    public var type: String?
    public var samples: [ParsedSample] = []

    init(name: String) {
        self.name = name
    }
}

/// A parsed scrape, with the checks tests make on it.
public struct ParsedExposition: Sendable {
    /// Families by name.
    public var families: [String: ParsedFamily] = [:]
    /// The names of `# HELP`/`# TYPE` lines in the order they came.
    var order: [String] = []

    /// The family a sample belongs to: a histogram's `_bucket`, `_sum` and
    /// `_count` samples belong to the histogram's family.
    func familyName(of sample: String) -> String {
        for suffix in ["_bucket", "_sum", "_count"] where sample.hasSuffix(suffix) {
            let base = String(sample.dropLast(suffix.count))
            if ["histogram", "summary"].contains(families[base]?.type) { return base }
        }
        return sample
    }

    /// The value of the sample `name` whose labels include `labels`; nil when none matches.
    public func value(_ name: String, _ labels: [String: String] = [:]) -> Double? {
        families[familyName(of: name)]?.samples.first { sample in
            sample.name == name && labels.allSatisfy { sample.labels[$0.key] == $0.value }
        }?.value
    }

    /// Every sample of `name`.
    public func samples(_ name: String) -> [ParsedSample] {
        families[familyName(of: name)]?.samples.filter { $0.name == name } ?? []
    }

    /// Families with samples but without HELP or TYPE.
    public var familiesMissingMetadata: [String] {
        families.values.filter { !$0.samples.isEmpty && ($0.help == nil || $0.type == nil) }.map(\.name).sorted()
    }

    /// What is wrong with the histograms: per series, buckets that are not
    /// cumulative in `le` order, a missing `+Inf` bucket, or `+Inf` unequal to `_count`.
    public var histogramProblems: [String] {
        var problems: [String] = []
        for family in families.values where family.type == "histogram" {
            let buckets = family.samples.filter { $0.name == family.name + "_bucket" }
            let series = Dictionary(grouping: buckets) { $0.labels.filter { $0.key != "le" }.sorted { $0.key < $1.key }.description }
            for (key, seriesBuckets) in series {
                let ordered = seriesBuckets.sorted { Self.bound($0) < Self.bound($1) }
                if zip(ordered, ordered.dropFirst()).contains(where: { $0.value > $1.value }) {
                    problems.append("\(family.name) \(key): buckets not cumulative")
                }
                let labels = seriesBuckets[0].labels.filter { $0.key != "le" }
                let count = family.samples.first { $0.name == family.name + "_count" && $0.labels == labels }?.value
                guard let infinity = seriesBuckets.first(where: { $0.labels["le"] == "+Inf" }) else {
                    problems.append("\(family.name) \(key): no +Inf bucket")
                    continue
                }
                if infinity.value != count { problems.append("\(family.name) \(key): +Inf \(infinity.value) != count \(count ?? -1)") }
            }
        }
        return problems.sorted()
    }

    private static func bound(_ bucket: ParsedSample) -> Double {
        let text = bucket.labels["le"] ?? ""
        return text == "+Inf" ? .infinity : Double(text) ?? .nan
    }
}
