import Foundation

/// Writes a flat JSON object by hand, byte for byte as `JSONCoding.encode`
/// writes the same members, for the hottest routes: there `JSONEncoder`
/// (snake_case conversion of every key, boxing each value, the date
/// strategy's closure) cost a quarter of a request's CPU.
///
/// Members must be added in ascending byte order of their wire keys, the
/// order `JSONCoding`'s sorted keys give. A string of printable ASCII
/// without quote or backslash is copied as it is; any other goes through
/// `JSONCoding.encode` on its own, so escapes and hidden-character
/// hardening are exactly the encoder's.
public struct JSONObjectWriter {
    private var text = "{"
    private var isEmpty = true

    /// An empty object with room reserved for about `capacity` bytes.
    public init(capacity: Int = 256) {
        text.reserveCapacity(capacity)
    }

    /// Adds `key` with a string, or `null` when `value` is nil.
    public mutating func add(_ key: String, _ value: String?) {
        addKey(key)
        text += value.map(Self.quoted) ?? "null"
    }

    /// Adds `key` with an integer.
    public mutating func add(_ key: String, _ value: Int) {
        addKey(key)
        text += String(value)
    }

    /// Adds `key` with a date in `JSONCoding.timestampStyle`.
    public mutating func add(_ key: String, _ value: Date) {
        addKey(key)
        text += "\""
        text += value.formatted(JSONCoding.timestampStyle)
        text += "\""
    }

    /// The finished object's UTF-8 bytes.
    public func data() -> Data {
        Data((text + "}").utf8)
    }

    private mutating func addKey(_ key: String) {
        text += isEmpty ? "\"" : ",\""
        isEmpty = false
        text += key
        text += "\":"
    }

    /// `value` as `JSONCoding.encode` writes a string.
    static func quoted(_ value: String) -> String {
        var value = value
        let plain = value.withUTF8 { bytes in
            bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        }
        if plain { return "\"" + value + "\"" }
        // Encoding a lone string cannot fail.
        return String(decoding: (try? JSONCoding.encode(value)) ?? Data(), as: UTF8.self)
    }
}
