import SafeText

/// Turns what a person typed or pasted into symbol values.
enum TypedSymbols {
    /// Longest input looked at. Generous for a 26-symbol token with a separator
    /// between every symbol, and bounds the work done on hostile input.
    static let inputLimit = 64

    /// The symbol values of `text` after normalisation: case folded, spaces and
    /// hyphens removed, `I`/`L` read as `1` and `O` as `0`.
    ///
    /// - Throws: ``CredentialError/tooLong(limit:)`` before looking at any
    ///   character, ``CredentialError/invalidCharacter(position:shown:)`` at the
    ///   first character that is not accepted (including `U`),
    ///   ``CredentialError/empty`` when only separators remain.
    static func values(of text: some StringProtocol) throws(CredentialError) -> [UInt8] {
        guard text.utf8.count <= inputLimit else { throw .tooLong(limit: inputLimit) }
        // Every accepted character is one ASCII byte, so bytes are read
        // directly; the per-scalar loop runs to name a rejected character.
        let values =
            if let fromBytes = text.utf8.withContiguousStorageIfAvailable(CrockfordBase32.values(ofTyped:)) ?? nil {
                fromBytes
            } else {
                try scalarValues(of: text)
            }
        guard !values.isEmpty else { throw .empty }
        return values
    }

    private static func scalarValues(of text: some StringProtocol) throws(CredentialError) -> [UInt8] {
        var values: [UInt8] = []
        values.reserveCapacity(text.utf8.count)
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            if CrockfordBase32.isSeparator(scalar) { continue }
            guard let value = CrockfordBase32.value(ofTyped: scalar) else {
                throw .invalidCharacter(position: offset + 1, shown: SafeText.escaped(String(scalar)))
            }
            values.append(value)
        }
        return values
    }

    /// The canonical text of symbol values: upper case, no separators.
    static func text(of values: [UInt8]) -> String {
        String(unsafeUninitializedCapacity: values.count) { buffer in
            for (index, value) in values.enumerated() { buffer[index] = CrockfordBase32.alphabet[Int(value)] }
            return values.count
        }
    }
}
