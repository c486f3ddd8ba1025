/// Assembles one-line JSON from values that are already JSON text (quoted
/// with `SafeText.jsonQuoted`, or literals), keeping key order as given so
/// output is stable for people diffing it.
enum JSONLine {
    /// `{"k":v,…}` from key and JSON-text pairs; keys are fixed ASCII names.
    static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    /// `[v,…]` from JSON-text values.
    static func array(_ values: [String]) -> String {
        "[" + values.joined(separator: ",") + "]"
    }
}
