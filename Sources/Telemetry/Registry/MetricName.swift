/// Checks of metric and label names against the exposition format's
/// grammar. Names are written by the program, so a bad one stops it at
/// startup instead of producing a scrape Prometheus rejects.
enum MetricName {
    /// `[a-zA-Z_:][a-zA-Z0-9_:]*`.
    static func isValidMetric(_ name: String) -> Bool {
        isValid(name, allowsColon: true)
    }

    /// `[a-zA-Z_][a-zA-Z0-9_]*`, and not `le` (reserved for histogram buckets)
    /// or a name starting `__` (reserved by Prometheus).
    static func isValidLabel(_ name: String) -> Bool {
        isValid(name, allowsColon: false) && name != "le" && !name.hasPrefix("__")
    }

    private static func isValid(_ name: String, allowsColon: Bool) -> Bool {
        guard let first = name.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
                || (allowsColon && byte == UInt8(ascii: ":"))
        }
    }
}
