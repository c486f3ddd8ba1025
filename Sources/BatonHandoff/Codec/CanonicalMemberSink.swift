/// Receives a flat object's members one by one, in canonical (byte-wise
/// sorted) key order: the canonical writer turns them into JSON, and
/// ``HandoffFields`` collects them. The header and the version-1 payload list
/// their members once, for both.
protocol CanonicalMemberSink {
    /// The string member `key`, whose name needs no JSON escape.
    mutating func member(_ key: StaticString, _ text: String)
    /// The integer member `key`, whose name needs no JSON escape.
    mutating func member(_ key: StaticString, _ number: Int64)
}

extension HandoffFields: CanonicalMemberSink {
    mutating func member(_ key: StaticString, _ text: String) {
        self[key.description] = .string(text)
    }

    mutating func member(_ key: StaticString, _ number: Int64) {
        self[key.description] = .int(Int(number))
    }
}
