import BatonJSON

/// The three segments of a compact envelope, located in the input's bytes
/// without copying them: `header.payload.mac`.
///
/// Valid only while the buffer it views is; the decoder keeps it inside the
/// closure that lends the input's storage.
struct HandoffFrame {
    let bytes: UnsafeBufferPointer<UInt8>
    let header: Range<Int>
    let payload: Range<Int>
    let mac: Range<Int>

    /// Splits `bytes`; every byte must be a base64url symbol or one of exactly two dots.
    init(_ bytes: UnsafeBufferPointer<UInt8>) throws(HandoffError) {
        var dots: [Int] = []
        var offset = 0
        while let found = Base64URL.firstNonSymbol(in: bytes, from: offset) {
            guard bytes[found] == UInt8(ascii: "."), dots.count < 2 else {
                throw .malformed(reason: bytes[found] == UInt8(ascii: ".") ? "more than three segments" : "character outside base64url")
            }
            dots.append(found)
            offset = found + 1
        }
        guard dots.count == 2 else { throw .malformed(reason: "not three dot-separated segments") }
        self.bytes = bytes
        header = 0..<dots[0]
        payload = dots[0] + 1..<dots[1]
        mac = dots[1] + 1..<bytes.count
        guard !header.isEmpty, !payload.isEmpty else { throw .malformed(reason: "empty header or payload segment") }
    }

    /// The header's members, parsed strictly.
    func headerFields() throws(HandoffError) -> HandoffFields {
        try Self.object(in: bytes[header])
    }

    /// The payload's members, parsed strictly.
    func payloadFields() throws(HandoffError) -> HandoffFields {
        try Self.object(in: bytes[payload])
    }

    /// The MAC's bytes; nil when the segment is not strict base64url.
    func macBytes() -> [UInt8]? {
        Base64URL.decode(bytes[mac])
    }

    /// The bytes the MAC covers: ASCII `header.payload`.
    var signingInput: [UInt8] {
        Array(bytes[header.lowerBound..<payload.upperBound])
    }

    private static func object(in segment: Slice<UnsafeBufferPointer<UInt8>>) throws(HandoffError) -> HandoffFields {
        guard let json = Base64URL.decode(segment) else { throw .malformed(reason: "invalid base64url") }
        return try HandoffFields(parsing: json)
    }
}
