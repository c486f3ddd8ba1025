/// Base64url without padding (RFC 4648 §5, as JWS uses it), strict: only
/// `A–Z a–z 0–9 - _`, no `=`, no whitespace, no length of 1 mod 4, and unused
/// trailing bits must be zero, so every byte string has exactly one encoding
/// and a MAC cannot be altered into an equivalent spelling.
enum Base64URL {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, symbol) in alphabet.enumerated() { table[Int(symbol)] = UInt8(value) }
        return table
    }()

    /// Whether `byte` belongs to the base64url alphabet.
    static func isSymbol(_ byte: UInt8) -> Bool {
        values[Int(byte)] != 0xFF
    }

    /// The offset of the first byte of `bytes` outside the alphabet, or nil.
    static func firstNonSymbol(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        values.withUnsafeBufferPointer { table in
            (start..<bytes.count).first { table[Int(bytes[$0])] == 0xFF }
        }
    }

    /// The unpadded encoding of `bytes`.
    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        append(encoding: bytes, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The length of the unpadded encoding of `count` bytes.
    static func encodedLength(of count: Int) -> Int {
        (count * 4 + 2) / 3
    }

    /// Appends the unpadded encoding of `bytes` to `out`: the minting path
    /// writes header, payload and MAC into one buffer this way. Symbols are
    /// written into space made once, not appended one by one: the per-symbol
    /// capacity and uniqueness checks were most of a mint's encoding time.
    static func append(encoding bytes: [UInt8], to out: inout [UInt8]) {
        var position = out.count
        out.append(contentsOf: repeatElement(0, count: encodedLength(of: bytes.count)))
        out.withUnsafeMutableBufferPointer { target in
            alphabet.withUnsafeBufferPointer { symbols in
                bytes.withUnsafeBufferPointer { input in
                    func put(_ group: UInt32, shift: UInt32) {
                        target[position] = symbols[Int(group >> shift & 0x3F)]
                        position += 1
                    }
                    var index = 0
                    while index < input.count {
                        let remaining = input.count - index
                        let group = UInt32(input[index]) << 16
                            | (remaining > 1 ? UInt32(input[index + 1]) << 8 : 0)
                            | (remaining > 2 ? UInt32(input[index + 2]) : 0)
                        put(group, shift: 18)
                        put(group, shift: 12)
                        if remaining > 1 { put(group, shift: 6) }
                        if remaining > 2 { put(group, shift: 0) }
                        index += 3
                    }
                }
            }
        }
    }

    /// The bytes `text` encodes, or nil when it is not strict base64url.
    static func decode(_ text: some Collection<UInt8>) -> [UInt8]? {
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
