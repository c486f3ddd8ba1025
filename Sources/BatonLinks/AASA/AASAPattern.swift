/// Apple's URL component patterns: `*` matches zero or more characters, `?`
/// exactly one, so `?*` means "at least one"; everything else is literal.
enum AASAPattern {
    /// Whether `pattern` matches all of `text`. Dynamic programming over the
    /// text, O(pattern × text) time and O(text) memory, with no backtracking
    /// blow-up on hostile patterns such as `*a*a*a*…`.
    static func matches(_ pattern: String, _ text: String, caseSensitive: Bool = true) -> Bool {
        let pattern = Array((caseSensitive ? pattern : pattern.lowercased()).unicodeScalars)
        let text = Array((caseSensitive ? text : text.lowercased()).unicodeScalars)
        // matched[j]: the pattern so far matches the first j text scalars.
        var matched = [Bool](repeating: false, count: text.count + 1)
        matched[0] = true
        for symbol in pattern {
            var next = [Bool](repeating: false, count: text.count + 1)
            switch symbol {
            case "*":
                var reachable = false
                for j in 0...text.count {
                    reachable = reachable || matched[j]
                    next[j] = reachable
                }
            default:
                for j in 0..<text.count where matched[j] && (symbol == "?" || symbol == text[j]) {
                    next[j + 1] = true
                }
            }
            matched = next
        }
        return matched[text.count]
    }
}
