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
/// hardening are exactly the encoder's. Bytes go straight into one buffer:
/// appending to a `String` and converting it at the end was half of this
/// writer's cost.
public struct JSONObjectWriter {
    private var bytes: [UInt8] = [UInt8(ascii: "{")]

    /// An empty object with room reserved for about `capacity` bytes.
    public init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    /// Adds `key` with a string, or `null` when `value` is nil.
    public mutating func add(_ key: String, _ value: String?) {
        addKey(key)
        guard var value else { return append("null") }
        guard value.withUTF8(JSONCoding.isPlain) else {
            // Encoding a lone string cannot fail.
            return bytes.append(contentsOf: (try? JSONCoding.encode(value)) ?? Data())
        }
        bytes.append(UInt8(ascii: "\""))
        append(value)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Adds `key` with an integer.
    public mutating func add(_ key: String, _ value: Int) {
        addKey(key)
        append(String(value))
    }

    /// Adds `key` with a date in `JSONCoding.timestamp(_:)`'s form.
    public mutating func add(_ key: String, _ value: Date) {
        addKey(key)
        bytes.append(UInt8(ascii: "\""))
        append(JSONCoding.timestamp(value))
        bytes.append(UInt8(ascii: "\""))
    }

    /// The finished object's UTF-8 bytes.
    public func data() -> Data {
        var data = Data(capacity: bytes.count + 1)
        data.append(contentsOf: bytes)
        data.append(UInt8(ascii: "}"))
        return data
    }

    private mutating func addKey(_ key: String) {
        if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        append(key)
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
    }

    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }
}
