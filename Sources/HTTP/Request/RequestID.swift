/// The request id carried in `X-Request-Id`: a caller's id is kept when it is
/// sane (1–128 characters of letters, digits, `-`, `_`, `.`, `:`), so a trace
/// spans services; anything else is replaced by a fresh random id.
enum RequestID {
    /// The longest incoming id that is kept.
    static let maxLength = 128

    /// `incoming` when sane, else a new id.
    static func accept(_ incoming: String?) -> String {
        if let incoming, isSane(incoming) { return incoming }
        return generate()
    }

    /// Whether `id` is short and made only of safe characters.
    static func isSane(_ id: String) -> Bool {
        let bytes = id.utf8
        return (1...maxLength).contains(bytes.count) && bytes.allSatisfy(isSafe)
    }

    /// 128 random bits as 32 lowercase hex digits.
    static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        return hex(high) + hex(low)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private static func isSafe(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
            UInt8(ascii: "."), UInt8(ascii: ":"):
            true
        default:
            false
        }
    }
}
