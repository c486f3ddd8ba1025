import BatonLinks
import SafeText

// The credential parser (link tokens and typed codes).
//
// The first input byte picks the configured code length (6…16) and, with the
// second, how a valid code is respelled; the rest is text as a person might
// type or paste it.
//
// Properties: an accepted credential's canonical text is in the alphabet and
// parses to the same credential; so do its display form and every accepted
// spelling of it (lower case, `O` for `0`, `I`/`L` for `1`, spaces and
// hyphens); `InviteCode(parsing:)` and `LinkToken(parsing:)` agree with
// `Credential.parse`; a rejection has a machine code, and its message and
// description hold no hidden character. A code generated from the input's
// bytes checks the respelling property on valid codes, which random text
// rarely is.
extension FuzzTarget {
    // Past the 64-byte limit, so the length check is fuzzed too.
    static let credential = FuzzTarget(name: "credential", maxLength: 160) { bytes in
        guard bytes.count >= 2 else { return }
        let length = InviteCode.allowedLengths.lowerBound + Int(bytes[0]) % InviteCode.allowedLengths.count
        let text = String(decoding: bytes.dropFirst(2), as: UTF8.self)
        CredentialProperties.check(text, codeLength: length)
        var generator = InputGenerator(bytes)
        if let code = try? InviteCode.generate(length: length, using: &generator) {
            CredentialProperties.checkSpellings(of: .code(code), codeLength: length, style: bytes[1])
        }
        CredentialProperties.checkSpellings(of: .token(LinkToken.generate(using: &generator)), codeLength: length, style: bytes[1])
    }
}

/// The credential target's checks.
enum CredentialProperties {
    static let alphabet = Set("0123456789ABCDEFGHJKMNPQRSTVWXYZ".unicodeScalars)

    static func check(_ text: String, codeLength: Int) {
        let parsed = Result { () throws(CredentialError) in try Credential.parse(text, codeLength: codeLength) }
        switch parsed {
        case .success(let credential):
            precondition(credential.text.unicodeScalars.allSatisfy(alphabet.contains), "canonical text outside the alphabet")
            precondition((try? Credential.parse(credential.text, codeLength: codeLength)) == credential)
            switch credential {
            case .code(let code):
                precondition(code.length == codeLength)
                precondition((try? InviteCode(parsing: text, length: codeLength)) == code)
                precondition((try? InviteCode(parsing: code.displayText, length: codeLength)) == code)
            case .token(let token):
                precondition((try? LinkToken(parsing: text)) == token)
            }
        case .failure(let error):
            Showable.requireMachineCode(error.code)
            Showable.require(error.message, "credential error \(error.code)")
            Showable.require(error.description, "credential error description")
        }
    }

    /// Respells `credential` as a person might type it, chosen by the bits of
    /// `style`, and requires it to parse to the same credential.
    static func checkSpellings(of credential: Credential, codeLength: Int, style: UInt8) {
        var spelled = ""
        for (index, symbol) in credential.text.enumerated() {
            if style & 1 != 0, index > 0, index % (Int(style >> 5) + 1) == 0 { spelled += style & 2 != 0 ? "-" : " " }
            switch symbol {
            case "0" where style & 4 != 0: spelled += "o"
            case "1" where style & 8 != 0: spelled += style & 16 != 0 ? "l" : "I"
            default: spelled += style & 16 != 0 ? symbol.lowercased() : String(symbol)
            }
        }
        let parsed = Result { () throws(CredentialError) in try Credential.parse(spelled, codeLength: codeLength) }
        // A respelling may pass the 64-byte input limit; then it is refused as too long, never misread.
        if case .failure(.tooLong) = parsed { return }
        precondition(parsed == .success(credential), "a respelling \(SafeText.escaped(spelled)) does not parse to the same credential")
        check(spelled, codeLength: codeLength)
    }
}

/// A generator that replays the input's bytes (then zeros), so the fuzzer steers generated codes.
struct InputGenerator: RandomNumberGenerator {
    private var bytes: ArraySlice<UInt8>

    init(_ bytes: [UInt8]) { self.bytes = bytes[...] }

    mutating func next() -> UInt64 {
        var value: UInt64 = 0
        for _ in 0..<8 { value = value << 8 | UInt64(bytes.popFirst() ?? 0) }
        return value
    }
}
