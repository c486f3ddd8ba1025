extension JSONParser {
    /// What a document may hold beyond RFC 8259's grammar. A request body
    /// reads with ``document``; a format of a narrower shape names its own,
    /// so that its reader is this parser rather than a second one.
    public struct Limits: Equatable, Sendable {
        /// Most levels of arrays and objects, the outermost counted: 1 is one
        /// object of scalars.
        public var maxDepth: Int
        /// Most members one object may have.
        public var maxMembers: Int
        /// Whether a fraction or an exponent is refused.
        public var integersOnly: Bool
        /// Whether numbers must survive a trip through a double (see
        /// ``JSONParser``); off only for JSON PostgreSQL already holds, which
        /// keeps numbers as written.
        public var checksNumberRange: Bool

        /// A request body: nesting to ``JSONParser/maxDepth``, members
        /// bounded only by the body's size, numbers a double keeps.
        public static let document = Limits(
            maxDepth: JSONParser.maxDepth, maxMembers: .max, integersOnly: false, checksNumberRange: true)

        /// One object whose values are strings, integers a double keeps,
        /// booleans and nulls, with at most `maxMembers` members: a nested
        /// array or object is refused at its first bracket, so the reader
        /// never recurses.
        public static func flatObject(maxMembers: Int) -> Limits {
            Limits(maxDepth: 1, maxMembers: maxMembers, integersOnly: true, checksNumberRange: true)
        }
    }
}
