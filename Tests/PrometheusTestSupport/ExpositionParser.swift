/// A strict parser of the Prometheus text exposition format 0.0.4, for tests:
/// it rejects what Prometheus would reject (bad names, bad escapes, a second
/// `# TYPE`, a family split into two groups, a repeated series, a sample of
/// a family after another family began) and returns what it read.
public enum ExpositionParser {
    /// Why a scrape did not parse, with the 1-based line.
    public struct Failure: Error, CustomStringConvertible {
        public let line: Int
        public let reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    /// Parses `text`.
    public static func parse(_ text: String) throws(Failure) -> ParsedExposition {
        guard text.isEmpty || text.hasSuffix("\n") else { throw Failure(line: 0, reason: "the last line does not end with a line feed") }
        var result = ParsedExposition()
        var current: String?
        var closed: Set<String> = []
        var seen: Set<String> = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().enumerated() {
            let line = String(rawLine)
            let number = index + 1
            func fail(_ reason: String) -> Failure { Failure(line: number, reason: reason) }
            func enter(_ family: String) throws(Failure) {
                guard family != current else { return }
                if let current { closed.insert(current) }
                guard !closed.contains(family) else { throw fail("family \(family) appears in two groups") }
                current = family
            }
            if line.isEmpty { continue }
            if line.hasPrefix("# HELP ") || line.hasPrefix("# TYPE ") {
                let parts = line.dropFirst(7).split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(parts[0])
                guard isMetricName(name) else { throw fail("bad metric name in comment") }
                try enter(name)
                var family = result.families[name] ?? ParsedFamily(name: name)
                let rest = parts.count > 1 ? String(parts[1]) : ""
                if line.hasPrefix("# HELP ") {
                    guard family.help == nil else { throw fail("second HELP for \(name)") }
                    guard let help = unescape(rest, quotes: false) else { throw fail("bad escape in HELP") }
                    family.help = help
                } else {
                    guard family.type == nil else { throw fail("second TYPE for \(name)") }
                    guard family.samples.isEmpty else { throw fail("TYPE after samples of \(name)") }
                    guard ["counter", "gauge", "histogram", "summary", "untyped"].contains(rest) else { throw fail("unknown type \(rest)") }
                    family.type = rest
                }
                result.families[name] = family
                result.order.append(name)
                continue
            }
            if line.hasPrefix("#") { continue }
            let sample = try parseSample(line, fail: fail)
            let family = result.familyName(of: sample.name)
            try enter(family)
            let key = sample.name + "{" + sample.labels.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
            guard seen.insert(key).inserted else { throw fail("repeated series \(key)") }
            result.families[family, default: ParsedFamily(name: family)].samples.append(sample)
        }
        return result
    }

    private static func parseSample(_ line: String, fail: (String) -> Failure) throws(Failure) -> ParsedSample {
        var rest = Substring(line)
        let nameEnd = rest.firstIndex { $0 == "{" || $0 == " " } ?? rest.endIndex
        let name = String(rest[..<nameEnd])
        guard isMetricName(name) else { throw fail("bad metric name") }
        rest = rest[nameEnd...]
        var labels: [String: String] = [:]
        if rest.first == "{" {
            rest = rest.dropFirst()
            while rest.first != "}" {
                guard let equals = rest.firstIndex(of: "=") else { throw fail("label without =") }
                let labelName = String(rest[..<equals])
                guard isLabelName(labelName) else { throw fail("bad label name \(labelName)") }
                rest = rest[rest.index(after: equals)...]
                guard rest.first == "\"" else { throw fail("label value not quoted") }
                rest = rest.dropFirst()
                var raw = ""
                var escaping = false
                while let character = rest.first {
                    rest = rest.dropFirst()
                    if escaping {
                        raw.append(character)
                        escaping = false
                        continue
                    }
                    if character == "\\" {
                        raw.append(character)
                        escaping = true
                        continue
                    }
                    if character == "\"" { break }
                    raw.append(character)
                }
                guard let value = unescape(raw, quotes: true) else { throw fail("bad escape in label value") }
                guard labels.updateValue(value, forKey: labelName) == nil else { throw fail("label \(labelName) repeated") }
                if rest.first == "," { rest = rest.dropFirst() } else if rest.first != "}" { throw fail("expected , or }") }
            }
            rest = rest.dropFirst()
        }
        guard rest.first == " " else { throw fail("no value") }
        let fields = rest.dropFirst().split(separator: " ", omittingEmptySubsequences: false)
        guard (1...2).contains(fields.count), let value = parseValue(fields[0]) else { throw fail("bad value") }
        if fields.count == 2, Int64(fields[1]) == nil { throw fail("bad timestamp") }
        return ParsedSample(name: name, labels: labels, value: value)
    }

    private static func parseValue(_ text: Substring) -> Double? {
        switch text {
        case "+Inf": .infinity
        case "-Inf": -.infinity
        case "NaN": .nan
        default: Double(text)
        }
    }

    /// Undoes `\\`, `\n` and (in label values) `\"`; nil for any other escape.
    private static func unescape(_ text: String, quotes: Bool) -> String? {
        var out = ""
        var escaping = false
        for character in text.unicodeScalars {
            if escaping {
                switch character {
                case "\\": out += "\\"
                case "n": out += "\n"
                case "\"" where quotes: out += "\""
                default: return nil
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                out.unicodeScalars.append(character)
            }
        }
        return escaping ? nil : out
    }

    static func isMetricName(_ name: String) -> Bool {
        name.wholeMatch(of: /[a-zA-Z_:][a-zA-Z0-9_:]*/) != nil
    }

    static func isLabelName(_ name: String) -> Bool {
        name.wholeMatch(of: /[a-zA-Z_][a-zA-Z0-9_]*/) != nil
    }
}
