/// Lowercase hexadecimal as trace context writes it: fixed width, and read
/// back only from lowercase digits (the spec refuses `A`–`F`).
enum Hex {
    /// `value` as 16 lowercase hex digits.
    static func string(_ value: UInt64) -> String {
        String(unsafeUninitializedCapacity: 16) { buffer in
            for index in 0..<16 {
                let nibble = UInt8(truncatingIfNeeded: (value >> (60 - 4 * UInt64(index))) & 0xF)
                buffer[index] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
            }
            return 16
        }
    }

    /// The number written by `digits` (at most 16 of them), or nil when any
    /// is not a lowercase hex digit.
    static func value<Digits: Collection<UInt8>>(_ digits: Digits) -> UInt64? {
        var value: UInt64 = 0
        for digit in digits {
            let nibble: UInt8
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = digit - UInt8(ascii: "a") + 10
            default: return nil
            }
            value = value << 4 | UInt64(nibble)
        }
        return value
    }
}
