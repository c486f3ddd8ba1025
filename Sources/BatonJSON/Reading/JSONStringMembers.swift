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
