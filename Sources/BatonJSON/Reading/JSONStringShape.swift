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
