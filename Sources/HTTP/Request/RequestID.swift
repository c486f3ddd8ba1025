import Synchronization

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

    /// 32 lowercase hex digits: 64 random bits drawn once per process, then
    /// a counter. Unique across processes and restarts without a system call
    /// per request; request ids are for correlation, not secrets.
    static func generate() -> String {
        let count = counter.add(1, ordering: .relaxed).newValue
        return String(unsafeUninitializedCapacity: 32) { buffer in
            for index in 0..<16 {
                buffer[index] = hexDigit(processPrefix >> (60 - 4 * UInt64(index)))
                buffer[16 + index] = hexDigit(count >> (60 - 4 * UInt64(index)))
            }
            return 32
        }
    }

    private static let processPrefix = UInt64.random(in: .min ... .max)
    private static let counter = Atomic<UInt64>(0)

    private static func hexDigit(_ value: UInt64) -> UInt8 {
        let nibble = UInt8(truncatingIfNeeded: value & 0xF)
        return nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
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
