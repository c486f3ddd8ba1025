/// `text[]` in the binary array format: a header (dimensions, NULL flag,
/// element type), one (size, lower bound) pair per dimension, then each
/// element as a length and its bytes.
enum PostgresTextArray {
    static func encode(_ strings: [String]) -> [UInt8] {
        var out: [UInt8] = []
        func append(_ value: Int32) { withUnsafeBytes(of: value.bigEndian) { out.append(contentsOf: $0) } }
        guard !strings.isEmpty else {
            [0, 0, Int32(PostgresTypeOID.text.rawValue)].forEach(append)
            return out
        }
        [1, 0, Int32(PostgresTypeOID.text.rawValue), Int32(strings.count), 1].forEach(append)
        for string in strings {
            append(Int32(string.utf8.count))
            out.append(contentsOf: string.utf8)
        }
        return out
    }

    /// The elements of a one-dimensional array; a NULL element or a
    /// malformed buffer is a typed error.
    static func decode(_ cell: PostgresCell, bytes: UnsafeRawBufferPointer) throws(PostgresError) -> [String] {
        var reader = PostgresByteReader(bytes: bytes, cell: cell)
        let dimensions = try reader.int32()
        _ = try reader.int32()
        _ = try reader.int32()
        if dimensions == 0 { return [] }
        guard dimensions == 1 else { throw cell.mismatch() }
        let count = try reader.int32()
        _ = try reader.int32()
        guard count >= 0, Int(count) <= bytes.count / 4 else { throw cell.mismatch() }
        var strings: [String] = []
        strings.reserveCapacity(Int(count))
        for _ in 0..<count {
            let length = try reader.int32()
            guard length >= 0 else { throw cell.error(.decodingNull) }
            strings.append(String(decoding: try reader.bytes(Int(length)), as: UTF8.self))
        }
        return strings
    }
}

/// Reads big-endian fields from a binary value, failing with a type mismatch
/// instead of reading past the end.
struct PostgresByteReader {
    let bytes: UnsafeRawBufferPointer
    let cell: PostgresCell
    var offset = 0

    mutating func int32() throws(PostgresError) -> Int32 {
        let raw = try self.bytes(4)
        return raw.reduce(0) { $0 << 8 | Int32($1) }
    }

    mutating func bytes(_ count: Int) throws(PostgresError) -> UnsafeRawBufferPointer {
        guard count <= bytes.count - offset else { throw cell.mismatch() }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
    }
}
