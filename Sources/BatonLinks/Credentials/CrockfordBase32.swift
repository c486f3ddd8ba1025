/// Douglas Crockford's base32 alphabet: digits and upper-case letters without
/// `I`, `L`, `O` and `U`, so that codes survive being read aloud, handwritten
/// and retyped. A symbol's value is its index in ``alphabet``.
enum CrockfordBase32 {
    /// The 32 symbols in value order.
    static let alphabet: [UInt8] = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)

    /// The value of a typed character after normalisation, or `nil` when the
    /// character is not a symbol. Lower case is accepted, `I` and `L` read as
    /// `1` and `O` as `0`, because those are the usual misreadings; `U` is
    /// excluded from the alphabet (it would make accidental words) and stays
    /// rejected.
    static func value(ofTyped scalar: Unicode.Scalar) -> UInt8? {
        guard scalar.isASCII else { return nil }
        var byte = UInt8(scalar.value)
        if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) { byte -= 0x20 }
        switch byte {
        case UInt8(ascii: "I"), UInt8(ascii: "L"): byte = UInt8(ascii: "1")
        case UInt8(ascii: "O"): byte = UInt8(ascii: "0")
        default: break
        }
        return decodeTable[Int(byte)]
    }

    /// Whether `scalar` is a separator people type between groups; these are
    /// dropped during normalisation.
    static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "-"
    }

    private static let decodeTable: [UInt8?] = {
        var table = [UInt8?](repeating: nil, count: 128)
        for (value, symbol) in alphabet.enumerated() { table[Int(symbol)] = UInt8(value) }
        return table
    }()
}
