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
        scalar.isASCII ? typedValues[Int(scalar.value)] : nil
    }

    /// The values of typed ASCII `bytes` with separators dropped, or nil at
    /// the first byte that is not accepted: ``value(ofTyped:)`` for every
    /// byte, but the table is fetched once, not per byte (each read of a
    /// lazily initialised global checks that it is initialised).
    static func values(ofTyped bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let table = typedValues
        var values: [UInt8] = []
        values.reserveCapacity(bytes.count)
        for byte in bytes where !isSeparator(Unicode.Scalar(byte)) {
            guard byte < 0x80, let value = table[Int(byte)] else { return nil }
            values.append(value)
        }
        return values
    }

    /// Whether `scalar` is a separator people type between groups; these are
    /// dropped during normalisation.
    static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "-"
    }

    /// Every ASCII character's value as typed, normalisation included, so
    /// that reading a character is one look-up: parsing reads one per byte.
    /// A letter's lower case is 0x20 above it; the look-alikes take the
    /// value of the digit they are read as.
    private static let typedValues: [UInt8?] = {
        var table = [UInt8?](repeating: nil, count: 128)
        for (value, symbol) in alphabet.enumerated() {
            table[Int(symbol)] = UInt8(value)
            if symbol >= UInt8(ascii: "A") { table[Int(symbol) + 0x20] = UInt8(value) }
        }
        for (lookAlike, symbol) in zip("IiLlOo".utf8, "111100".utf8) { table[Int(lookAlike)] = table[Int(symbol)] }
        return table
    }()
}
