/// The keys of an object being read, in document order, so that a
/// duplicate is refused: ``JSONParser`` and `StringMembersReader`
/// both read objects through it. Looked up linearly while small, through a
/// dictionary past ``JSONNodeObject``'s limit, so a body of many members
/// costs no quadratic search.
struct JSONObjectKeys {
    private(set) var keys: [String] = []
    /// Each key's position, filled only once the object is large.
    private(set) var index: [String: Int] = [:]

    /// Adds `key`; false when the object has it already.
    mutating func insert(_ key: String) -> Bool {
        guard JSONNodeObject.position(of: key, in: keys, index: index) == nil else { return false }
        keys.append(key)
        if JSONNodeObject.needsIndex(count: keys.count) {
            if index.isEmpty { for (position, known) in keys.enumerated() { index[known] = position } }
            index[key] = keys.count - 1
        }
        return true
    }
}
