extension JSONValue: ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByStringInterpolation {
    /// A string value built by interpolation, such as `"\(type) delivered"`.
    public init(stringInterpolation: DefaultStringInterpolation) { self = .string(String(stringInterpolation: stringInterpolation)) }

    /// An array value, such as `["clip", "app"]`.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }

    /// An object value, such as `["type": "string", "minLength": 1]`; a
    /// repeated key keeps its last value, as a parser that allowed it would.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements) { _, last in last })
    }

    /// An array of strings.
    public init(strings: [String]) { self = .array(strings.map(JSONValue.string)) }

    /// The member `key` of an object (nil for a missing one or a value that
    /// is not an object); setting it on an object adds or replaces the member,
    /// nil removes it, and setting it on anything else does nothing.
    public subscript(member key: String) -> JSONValue? {
        get {
            guard case .object(let members) = self else { return nil }
            return members[key]
        }
        set {
            guard case .object(var members) = self else { return }
            members[key] = newValue
            self = .object(members)
        }
    }
}
