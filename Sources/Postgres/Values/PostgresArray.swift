/// One-dimensional arrays in PostgreSQL's binary array format (`array_recv`
/// and `array_send`): the number of dimensions (0 for an empty array), a flag
/// saying whether any element is NULL, the element type's OID, one (size,
/// lower bound) pair per dimension, then each element as a 32-bit length
/// (-1 for NULL) followed by that many bytes.
enum PostgresArray {
    /// The binary form of `elements`, with lower bound 1.
    static func encode<Element: PostgresArrayElement>(_ elements: [Element]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(20 + elements.count * 12)
        let elementType = Int32(bitPattern: Element.postgresElementType.rawValue)
        guard !elements.isEmpty else {
            for field in [0, 0, elementType] { field.appendBigEndian(to: &out) }
            return out
        }
        for field in [1, 0, elementType, Int32(elements.count), 1] { field.appendBigEndian(to: &out) }
        var hasNull = false
        for element in elements {
            let lengthOffset = out.count
            Int32(0).appendBigEndian(to: &out)
            let length = element.appendPostgresElement(to: &out) ? Int32(out.count - lengthOffset - 4) : -1
            hasNull = hasNull || length < 0
            length.write(into: &out, at: lengthOffset)
        }
        if hasNull { Int32(1).write(into: &out, at: 4) }
        return out
    }

    /// The elements of a one-dimensional (or empty) array, each decoded as
    /// `Element` from its element type; a malformed buffer or a second
    /// dimension is `decoding_type_mismatch`, a NULL element read as a
    /// non-optional type `decoding_null`.
    static func decode<Element: PostgresDecodable>(_ cell: PostgresCell, bytes: UnsafeRawBufferPointer) throws(PostgresError) -> [Element] {
        var reader = PostgresByteReader(bytes: bytes, cell: cell)
        let dimensions = try reader.int32()
        _ = try reader.int32()
        let elementType = PostgresTypeOID(rawValue: UInt32(bitPattern: try reader.int32()))
        if dimensions == 0 { return [] }
        guard dimensions == 1 else { throw cell.mismatch() }
        let count = try reader.int32()
        _ = try reader.int32()
        // Every element takes at least its 4-byte length: a larger count is a lie.
        guard count >= 0, Int(count) <= bytes.count / 4 else { throw cell.mismatch() }
        var elements: [Element] = []
        elements.reserveCapacity(Int(count))
        for _ in 0..<count {
            let length = try reader.int32()
            guard length >= -1 else { throw cell.mismatch() }
            let element = length < 0 ? nil : try reader.bytes(Int(length))
            elements.append(try Element.decode(from: cell.element(type: elementType, bytes: element)))
        }
        return elements
    }
}

extension Int32 {
    /// Overwrites the four bytes at `offset` with this value, big-endian.
    fileprivate func write(into bytes: inout [UInt8], at offset: Int) {
        withUnsafeBytes(of: bigEndian) { field in
            for index in 0..<4 { bytes[offset + index] = field[index] }
        }
    }
}

extension FixedWidthInteger {
    /// Appends this value's bytes, big-endian.
    func appendBigEndian(to bytes: inout [UInt8]) {
        withUnsafeBytes(of: bigEndian) { bytes.append(contentsOf: $0) }
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
