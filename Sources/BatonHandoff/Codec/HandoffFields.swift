import BatonJSON

/// The members of one flat JSON object, as read by ``init(parsing:)`` or as
/// written, in sorted key order, by the canonical writer.
///
/// The typed accessors throw the error the caller names, so the same object
/// type serves the header (whose faults are `handoff_malformed`) and the
/// payload (whose faults are `handoff_invalid_payload`).
public struct HandoffFields: Equatable, Sendable {
    /// The members by name; keys are unique by construction.
    public private(set) var values: [String: JSONValue]

    /// An object with `values`.
    public init(_ values: [String: JSONValue] = [:]) {
        self.values = values
    }

    /// The value of `key`, or nil when absent.
    public subscript(key: String) -> JSONValue? {
        get { values[key] }
        set { values[key] = newValue }
    }

    /// The keys in the canonical (sorted, byte-wise) order the writer uses.
    public var sortedKeys: [String] {
        values.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The members in the canonical order of ``sortedKeys``.
    var sortedMembers: [(key: String, value: JSONValue)] {
        values.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }

    /// The string at `key`; `failure` when absent or not a string.
    public func string(_ key: String, else failure: HandoffError) throws(HandoffError) -> String {
        guard case .string(let text)? = values[key] else { throw failure }
        return text
    }

    /// The string at `key`, nil when absent; `failure` when present but not a string.
    public func optionalString(_ key: String, else failure: HandoffError) throws(HandoffError) -> String? {
        guard let value = values[key] else { return nil }
        guard case .string(let text) = value else { throw failure }
        return text
    }

    /// The integer at `key`; `failure` when absent or not an integer.
    public func integer(_ key: String, else failure: HandoffError) throws(HandoffError) -> Int64 {
        guard case .int(let number)? = values[key] else { throw failure }
        return Int64(number)
    }

    /// Throws `failure` when the object has a key outside `allowed`.
    public func requireOnly(_ allowed: Set<String>, else failure: HandoffError) throws(HandoffError) {
        if values.keys.contains(where: { !allowed.contains($0) }) { throw failure }
    }
}
