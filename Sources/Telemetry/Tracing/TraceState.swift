/// The `tracestate` list: vendors' `key=value` members, passed on in order
/// and never interpreted here.
///
/// Bounded as the spec allows: at most ``maxMembers`` members, and at most
/// ``maxLength`` bytes once written (longer lists lose their members over
/// 128 bytes first, then members from the end). A list that breaks the
/// grammar (a bad key or value, a duplicate key, too many members) is
/// dropped whole, since a receiver must not pass on what it cannot read.
public struct TraceState: Hashable, Sendable {
    /// One list member.
    public struct Member: Hashable, Sendable {
        /// A simple key (`vendor`) or a multi-tenant one (`tenant@vendor`).
        public let key: String
        /// Printable ASCII without `,` or `=`, 1–256 characters.
        public let value: String
    }

    /// The most members a list may have.
    public static let maxMembers = 32
    /// The most bytes passed on.
    public static let maxLength = 512
    /// Members longer than this go first when the list is too long.
    static let longMember = 128

    /// The members, in the order received.
    public private(set) var members: [Member]

    /// An empty list (no `tracestate` is sent).
    public init() { members = [] }

    /// The list of `fields` (several `tracestate` header fields are one list,
    /// joined by commas); nil when it is invalid. Empty members are skipped.
    public init?(fields: [String]) {
        var members: [Member] = []
        var keys: Set<String> = []
        for field in fields {
            for item in field.split(separator: ",", omittingEmptySubsequences: false) {
                let text = item.trimmingSpacesAndTabs()
                if text.isEmpty { continue }
                guard let equals = text.firstIndex(of: "=") else { return nil }
                let key = String(text[..<equals])
                let value = String(text[text.index(after: equals)...])
                guard Self.isValidKey(key), Self.isValidValue(value), keys.insert(key).inserted else { return nil }
                members.append(Member(key: key, value: value))
            }
        }
        guard members.count <= Self.maxMembers else { return nil }
        self.members = Self.bounded(members)
    }

    /// The header value (`k1=v1,k2=v2`), or nil when the list is empty.
    public var header: String? {
        members.isEmpty ? nil : members.map { $0.key + "=" + $0.value }.joined(separator: ",")
    }

    /// `members` cut to ``maxLength`` bytes as the spec orders.
    private static func bounded(_ members: [Member]) -> [Member] {
        func length(_ list: [Member]) -> Int { list.reduce(-1) { $0 + 1 + size($1) } }
        func size(_ member: Member) -> Int { member.key.utf8.count + 1 + member.value.utf8.count }
        var kept = members
        while length(kept) > maxLength, let long = kept.lastIndex(where: { size($0) > longMember }) {
            kept.remove(at: long)
        }
        while length(kept) > maxLength { kept.removeLast() }
        return kept
    }

    /// `lcalpha 0*255(lcalpha / DIGIT / "_" / "-" / "*" / "/")`, or a
    /// tenant (1–241 of those, starting with a letter or digit) `@` a system
    /// (1–14, starting with a letter).
    static func isValidKey(_ key: String) -> Bool {
        let parts = key.utf8.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false)
        switch parts.count {
        case 1:
            return isKeyPart(parts[0], maxLength: 256, firstMayBeDigit: false)
        case 2:
            return isKeyPart(parts[0], maxLength: 241, firstMayBeDigit: true)
                && isKeyPart(parts[1], maxLength: 14, firstMayBeDigit: false)
        default:
            return false
        }
    }

    private static func isKeyPart(_ part: Substring.UTF8View.SubSequence, maxLength: Int, firstMayBeDigit: Bool) -> Bool {
        guard let first = part.first, part.count <= maxLength else { return false }
        let isLower = { (byte: UInt8) in (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) }
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        guard isLower(first) || (firstMayBeDigit && isDigit(first)) else { return false }
        return part.allSatisfy { isLower($0) || isDigit($0) || "_-*/".utf8.contains($0) }
    }

    /// 1–256 printable ASCII characters other than `,` and `=`, not ending in a space.
    static func isValidValue(_ value: String) -> Bool {
        let bytes = value.utf8
        guard (1...256).contains(bytes.count), bytes.last != UInt8(ascii: " ") else { return false }
        return bytes.allSatisfy { (0x20...0x7E).contains($0) && $0 != UInt8(ascii: ",") && $0 != UInt8(ascii: "=") }
    }
}

extension Substring {
    /// Without the spaces and tabs (the spec's optional white space) at either end.
    fileprivate func trimmingSpacesAndTabs() -> Substring {
        let isBlank = { (character: Character) in character == " " || character == "\t" }
        guard let start = firstIndex(where: { !isBlank($0) }), let end = lastIndex(where: { !isBlank($0) }) else { return "" }
        return self[start...end]
    }
}
