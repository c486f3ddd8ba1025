/// Base64url without padding (RFC 4648 §5, as JWS uses it), strict: only
/// `A–Z a–z 0–9 - _`, no `=`, no whitespace, no length of 1 mod 4, and unused
/// trailing bits must be zero, so every byte string has exactly one encoding
/// and a MAC cannot be altered into an equivalent spelling.
public enum Base64URL {
    /// The 64 symbols in value order; a static string, so encoding reads them
    /// without a lazily initialised array.
    private static let symbols: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    public static let alphabet = symbols.withUTF8Buffer { Array($0) }

    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, symbol) in alphabet.enumerated() { table[Int(symbol)] = UInt8(value) }
        return table
    }()

    /// Whether `byte` belongs to the base64url alphabet. Ranges, not the
    /// decoding table: a per-byte check of the lazily built table paid its
    /// initialisation check on every byte of every minted credential.
    public static func isSymbol(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    /// The offset of the first byte of `bytes` outside the alphabet, or nil.
    public static func firstNonSymbol(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        values.withUnsafeBufferPointer { table in
            (start..<bytes.count).first { table[Int(bytes[$0])] == 0xFF }
        }
    }

    /// The unpadded encoding of `bytes`.
    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        append(encoding: bytes, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The length of the unpadded encoding of `count` bytes.
    public static func encodedLength(of count: Int) -> Int {
        (count * 4 + 2) / 3
    }

    /// Appends the unpadded encoding of `bytes` to `out`, in space made once.
    public static func append(encoding bytes: [UInt8], to out: inout [UInt8]) {
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: encodedLength(of: bytes.count)))
        out.withUnsafeMutableBufferPointer { target in
            bytes.withUnsafeBufferPointer { input in _ = encode(input, into: target.baseAddress! + start) }
        }
    }

    /// Writes the unpadded encoding of `input` at `output`, which must have
    /// room for ``encodedLength(of:)`` bytes, and returns how many it wrote:
    /// the minting path encodes header and payload straight into the
    /// envelope's buffer this way. Whole 3-byte groups take the branch-free loop.
    public static func encode(_ input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) -> Int {
        symbols.withUTF8Buffer { symbols in
            func symbol(_ group: UInt32, _ shift: UInt32) -> UInt8 {
                symbols[Int(group >> shift & 0x3F)]
            }
            var target = output
            var index = 0
            let whole = input.count - input.count % 3
            while index < whole {
                let group = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
                target[0] = symbol(group, 18)
                target[1] = symbol(group, 12)
                target[2] = symbol(group, 6)
                target[3] = symbol(group, 0)
                target += 4
                index += 3
            }
            let remaining = input.count - whole
            if remaining > 0 {
                let group = UInt32(input[index]) << 16 | (remaining > 1 ? UInt32(input[index + 1]) << 8 : 0)
                target[0] = symbol(group, 18)
                target[1] = symbol(group, 12)
                if remaining > 1 { target[2] = symbol(group, 6) }
                target += remaining + 1
            }
            return target - output
        }
    }

    /// The bytes `text` encodes, or nil when it is not strict base64url.
    public static func decode(_ text: some Collection<UInt8>) -> [UInt8]? {
        guard text.count % 4 != 1 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(text.count * 3 / 4)
        var buffer: UInt32 = 0
        var bits = 0
        let valid = values.withUnsafeBufferPointer { table in
            for symbol in text {
                let value = table[Int(symbol)]
                guard value != 0xFF else { return false }
                buffer = buffer << 6 | UInt32(value)
                bits += 6
                if bits >= 8 {
                    bits -= 8
                    out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
                }
            }
            return true
        }
        guard valid, buffer & ((1 << UInt32(bits)) - 1) == 0 else { return nil }
        return out
    }
}
