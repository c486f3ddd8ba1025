/// The Prometheus text exposition format, version 0.0.4: `# HELP` and
/// `# TYPE` once per family, then one line per sample.
///
/// Escaping follows the format: in label values backslash, double quote and
/// line feed become `\\`, `\"` and `\n`; in help text backslash and line feed.
/// Values are written as Go's `ParseFloat` reads them (`+Inf`, `-Inf`, `NaN`).
public enum ExpositionFormat {
    /// The `Content-Type` of a scrape response.
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    /// The text of `families`, in the order given.
    public static func render(_ families: [FamilySnapshot]) -> String {
        var out = ""
        out.reserveCapacity(families.reduce(0) { $0 + 96 + $1.samples.count * 80 })
        for family in families {
            out += "# HELP \(family.name) \(escapedHelp(family.help))\n"
            out += "# TYPE \(family.name) \(family.type.rawValue)\n"
            for sample in family.samples {
                out += sample.name
                if !sample.labels.isEmpty {
                    out += "{"
                    for (index, label) in sample.labels.enumerated() {
                        if index > 0 { out += "," }
                        out += "\(label.name)=\"\(escapedLabelValue(label.value))\""
                    }
                    out += "}"
                }
                out += " \(number(sample.value))\n"
            }
        }
        return out
    }

    /// A label value escaped for the format.
    public static func escapedLabelValue(_ value: String) -> String {
        escaped(value, quote: true)
    }

    /// Help text escaped for the format: a quote stays as it is there.
    static func escapedHelp(_ help: String) -> String {
        escaped(help, quote: false)
    }

    private static func escaped(_ text: String, quote: Bool) -> String {
        // Scalars, not characters: "\r\n" is one Character and would hide its line feed.
        let scalars = text.unicodeScalars
        guard scalars.contains(where: { $0 == "\\" || $0 == "\n" || (quote && $0 == "\"") }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in scalars {
            switch scalar {
            case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
            case "\n": out.append(contentsOf: "\\n".unicodeScalars)
            case "\"" where quote: out.append(contentsOf: "\\\"".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// `value` as the format writes numbers: integers without a fraction,
    /// others in Swift's shortest round-trip form, which Go parses.
    static func number(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Inf" : "+Inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
