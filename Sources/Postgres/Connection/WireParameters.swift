/// Parameters laid out as libpq wants them: the value pointer, type, length
/// and format arrays, then every value's bytes, NUL-terminated as text
/// values must be, all in one temporary buffer.
///
/// One buffer per request instead of an array per field: a request's few
/// dozen bytes fit on the stack, so binding allocates nothing. The pointers
/// are valid only inside ``with(_:_:)``'s body.
struct WireParameters {
    let count: Int32
    let types: UnsafePointer<UInt32>
    let values: UnsafePointer<UnsafePointer<CChar>?>
    let lengths: UnsafePointer<Int32>
    let formats: UnsafePointer<Int32>

    /// Lays out `bindings` and runs `body` with the arrays.
    /// - Throws: `invalid_parameter` for text containing NUL or a value over
    ///   2 GiB, before `body` runs.
    static func with<R>(_ bindings: [PostgresBinding], _ body: (WireParameters) -> R) throws(PostgresError) -> R {
        let count = bindings.count
        var valueBytes = 0
        for binding in bindings { valueBytes += try wireLength(of: binding) }
        let pointerBytes = count * MemoryLayout<UnsafePointer<CChar>?>.stride
        let fieldBytes = count * MemoryLayout<Int32>.stride
        let size = pointerBytes + 3 * fieldBytes + valueBytes
        return withUnsafeTemporaryAllocation(byteCount: max(size, 1), alignment: MemoryLayout<UnsafePointer<CChar>?>.alignment) { buffer in
            let base = buffer.baseAddress!
            let values = base.bindMemory(to: UnsafePointer<CChar>?.self, capacity: count)
            let types = (base + pointerBytes).bindMemory(to: UInt32.self, capacity: count)
            let lengths = (base + pointerBytes + fieldBytes).bindMemory(to: Int32.self, capacity: count)
            let formats = (base + pointerBytes + 2 * fieldBytes).bindMemory(to: Int32.self, capacity: count)
            var next = (base + pointerBytes + 3 * fieldBytes).bindMemory(to: CChar.self, capacity: valueBytes)
            for (index, binding) in bindings.enumerated() {
                types[index] = binding.type.rawValue
                formats[index] = binding.isBinary ? 1 : 0
                lengths[index] = Int32(binding.bytes?.count ?? 0)
                values[index] = binding.bytes.map { bytes in
                    let value = next
                    UnsafeMutableRawBufferPointer(start: value, count: bytes.count).copyBytes(from: bytes)
                    value[bytes.count] = 0
                    next += bytes.count + 1
                    return UnsafePointer(value)
                }
            }
            return body(WireParameters(count: Int32(count), types: types, values: values, lengths: lengths, formats: formats))
        }
    }

    /// The bytes `binding` takes in the buffer, its terminating NUL included.
    private static func wireLength(of binding: PostgresBinding) throws(PostgresError) -> Int {
        guard let bytes = binding.bytes else { return 0 }
        if !binding.isBinary, bytes.contains(0) {
            throw PostgresError(.invalidParameter, serverMessage: "text parameter contains a NUL byte")
        }
        guard Int32(exactly: bytes.count) != nil else {
            throw PostgresError(.invalidParameter, serverMessage: "parameter larger than 2 GiB")
        }
        return bytes.count + 1
    }
}
