import Foundation

/// Writes a flat JSON object by hand, byte for byte as `JSONCoding.encode`
/// writes the same members, for the hottest routes: there `JSONEncoder`
/// (snake_case conversion of every key, boxing each value, the date
/// strategy's closure) was the largest share of a request's CPU
/// (docs/http.md, "Profiling notes").
///
/// Members must be added in ascending byte order of their wire keys, the
/// order `JSONCoding`'s sorted keys give. A string of printable ASCII
/// without quote or backslash is copied as it is; any other goes through
/// `JSONCoding.encode` on its own, so escapes and hidden-character
/// hardening are exactly the encoder's. Integers and timestamps are written
/// as digits straight into the object by the access log's `ByteWriter`,
/// with no `String` in between.
///
/// The object grows in memory from `malloc`, which ``data()`` hands to the
/// `Data` it returns instead of copying it (that copy was a large part of
/// this writer's cost); so the writer is not copyable, and `data()` ends it.
public struct JSONObjectWriter: ~Copyable {
    private var buffer: UnsafeMutableBufferPointer<UInt8>
    private var count = 0

    /// An empty object with room reserved for about `capacity` bytes.
    public init(capacity: Int = 256) {
        buffer = UnsafeMutableBufferPointer(start: nil, count: 0)
        grow(to: max(capacity, 16))
        write(maxLength: 1) { $0.write("{") }
    }

    deinit {
        free(buffer.baseAddress)
    }

    /// Adds `key` with a string, or `null` when `value` is nil.
    public mutating func add(_ key: StaticString, _ value: String?) {
        guard let value else { return add(key, maxLength: 4) { $0.write("null") } }
        var contiguous = value
        contiguous.withUTF8 { utf8 in
            guard JSONCoding.isPlain(utf8) else {
                // Encoding a lone string cannot fail.
                let escaped = (try? JSONCoding.encode(value)) ?? Data()
                return add(key, maxLength: escaped.count) { out in
                    escaped.withUnsafeBytes { out.write(bytes: $0.assumingMemoryBound(to: UInt8.self)) }
                }
            }
            add(key, maxLength: utf8.count + 2) { out in
                out.write(byte: UInt8(ascii: "\""))
                out.write(bytes: utf8)
                out.write(byte: UInt8(ascii: "\""))
            }
        }
    }

    /// Adds `key` with `json`, a JSON value already encoded (by `JSONCoding`), copied as it is.
    public mutating func add(_ key: StaticString, json: Data) {
        add(key, maxLength: json.count) { out in
            json.withUnsafeBytes { out.write(bytes: $0.assumingMemoryBound(to: UInt8.self)) }
        }
    }

    /// Adds `key` with an integer.
    public mutating func add(_ key: StaticString, _ value: Int) {
        add(key, maxLength: 20) { $0.writeDecimal(value) }
    }

    /// Adds `key` with a date in `JSONCoding.timestamp(_:)`'s form.
    public mutating func add(_ key: StaticString, _ value: Date) {
        guard JSONCoding.isWrittenByArithmetic(value) else { return add(key, JSONCoding.timestamp(value)) }
        add(key, maxLength: 26) { out in
            out.write(byte: UInt8(ascii: "\""))
            out.writeTimestamp(value)
            out.write(byte: UInt8(ascii: "\""))
        }
    }

    /// Adds `key` with a UUID in lower case, as `uuid.uuidString.lowercased()` spells it.
    public mutating func add(_ key: StaticString, _ value: UUID) {
        add(key, maxLength: 38) { out in
            out.write(byte: UInt8(ascii: "\""))
            out.writeUUID(value)
            out.write(byte: UInt8(ascii: "\""))
        }
    }

    /// The finished object's UTF-8 bytes, which take over the writer's memory.
    public consuming func data() -> Data {
        write(maxLength: 1) { $0.write("}") }
        let data = Data(bytesNoCopy: buffer.baseAddress!, count: count, deallocator: .free)
        discard self
        return data
    }

    /// Writes `"key":` (after a comma unless it is the first member) and
    /// then the value `writeValue` writes in at most `maxLength` bytes.
    private mutating func add(_ key: StaticString, maxLength: Int, _ writeValue: (inout ByteWriter) -> Void) {
        let isFirst = count == 1
        write(maxLength: key.utf8CodeUnitCount + 4 + maxLength) { out in
            if !isFirst { out.write(byte: UInt8(ascii: ",")) }
            out.write(byte: UInt8(ascii: "\""))
            out.write(key)
            out.write("\":")
            writeValue(&out)
        }
    }

    /// Makes room for `maxLength` more bytes and lets `body` write them.
    private mutating func write(maxLength: Int, _ body: (inout ByteWriter) -> Void) {
        if count + maxLength > buffer.count { grow(to: max(2 * buffer.count, count + maxLength)) }
        var out = ByteWriter(UnsafeMutableBufferPointer(rebasing: buffer[count...]))
        body(&out)
        count += out.count
    }

    /// Moves the object into room for `capacity` bytes (`realloc` of nil is `malloc`).
    private mutating func grow(to capacity: Int) {
        guard let memory = realloc(buffer.baseAddress, capacity) else { fatalError("JSONObjectWriter: out of memory") }
        buffer = UnsafeMutableBufferPointer(start: memory.bindMemory(to: UInt8.self, capacity: capacity), count: capacity)
    }
}
