/// HTTP header fields in arrival order, looked up case-insensitively.
/// A name may repeat; `subscript` returns the first value and `values(for:)`
/// all of them.
public struct HTTPHeaders: Sendable, Equatable, Sequence {
    /// One header field as received or to be sent.
    public struct Field: Sendable, Equatable {
        /// The name as written.
        public var name: String
        /// The value as written.
        public var value: String
    }

    private var fields: [Field] = []

    /// No fields.
    public init() {}

    /// The given fields, in order.
    public init(_ pairs: [(String, String)]) {
        fields = pairs.map { Field(name: $0.0, value: $0.1) }
    }

    /// The given fields, in order, without an intermediate list.
    init(fields: [Field]) {
        self.fields = fields
    }

    /// The first value of `name`, compared case-insensitively, or nil.
    public subscript(_ name: String) -> String? {
        fields.first { Self.sameName($0.name, name) }?.value
    }

    /// Every value of `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.sameName($0.name, name) }.map(\.value)
    }

    /// Whether `name` is present.
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.sameName($0.name, name) }
    }

    /// Adds a field, keeping any with the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every field named `name` with one holding `value`.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        add(name, value)
    }

    /// Adds `value` under `name` only when no field has that name yet.
    public mutating func setDefault(_ name: String, _ value: String) {
        if !contains(name) { add(name, value) }
    }

    /// Removes every field named `name`.
    public mutating func remove(_ name: String) {
        fields.removeAll { Self.sameName($0.name, name) }
    }

    /// The fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// ASCII case-insensitive comparison of header names (ASCII tokens).
    static func sameName(_ a: String, _ b: String) -> Bool {
        // Native strings know their UTF-8 length: most names differ in it.
        guard a.utf8.count == b.utf8.count else { return false }
        var a = a
        var b = b
        return a.withUTF8 { x in b.withUTF8 { sameName(x, $0) } }
    }

    /// `sameName` for a name's bytes and a name written into the program.
    static func sameName(_ a: UnsafeBufferPointer<UInt8>, _ b: StaticString) -> Bool {
        a.count == b.utf8CodeUnitCount && b.withUTF8Buffer { sameName(a, $0) }
    }

    /// `sameName` over bytes: equal lengths, equal bytes but for ASCII case.
    static func sameName(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        a.count == b.count && a.indices.allSatisfy { lower(a[$0]) == lower(b[$0]) }
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }
}
