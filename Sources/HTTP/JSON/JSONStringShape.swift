/// The members a body read by ``Request/decodeStringMembers(_:)`` may have:
/// strings, and objects of such members, each optional (absent or `null`).
///
/// The order is the order a `Decodable` type declaring them would check
/// them, strings first: the first wrong member named in an error is the one
/// a synthesized `init(from:)` with these `CodingKeys` would name.
public struct JSONStringShape: Sendable {
    /// Members read as strings, in the order they are checked.
    public let strings: [String]
    /// Members read as objects, checked after ``strings``.
    public let objects: [(name: String, shape: JSONStringShape)]

    /// A shape of string members `strings` and object members `objects`.
    public init(strings: [String], objects: [(name: String, shape: JSONStringShape)] = []) {
        self.strings = strings
        self.objects = objects
    }
}

/// A body's members as ``Request/decodeStringMembers(_:)`` read them for a
/// ``JSONStringShape``: nil for a member that was absent or `null`.
public struct JSONStringMembers: Sendable {
    let shape: JSONStringShape
    let strings: [String?]
    let objects: [JSONStringMembers?]

    /// The string member `name`; nil when it was absent or `null`.
    /// `name` must be one of the shape's strings.
    public subscript(name: String) -> String? {
        guard let position = shape.strings.firstIndex(of: name) else { preconditionFailure("\(name) is not in the shape") }
        return strings[position]
    }

    /// The object member `name`; nil when it was absent or `null`.
    /// `name` must be one of the shape's objects.
    public func object(_ name: String) -> JSONStringMembers? {
        guard let position = shape.objects.firstIndex(where: { $0.name == name }) else {
            preconditionFailure("\(name) is not in the shape")
        }
        return objects[position]
    }
}
