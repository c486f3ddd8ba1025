/// A JSON member whose name is known only at run time (or spelled as the
/// wire spells it), for the hand-written `encode(to:)` of answer bodies.
struct JSONKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    /// The member `name`.
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
