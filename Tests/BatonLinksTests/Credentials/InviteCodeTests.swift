import Testing

@testable import BatonLinks

@Suite("Invite codes", .timeLimit(.minutes(10)))
struct InviteCodeTests {
    static let lengths = Array(InviteCode.allowedLengths)

    @Test("generated codes read back through display form, lower case and look-alikes", arguments: lengths)
    func roundTrip(length: Int) throws {
        var generator = SeededGenerator(state: UInt64(length))
        for _ in 0..<500 {
            let code = try InviteCode.generate(length: length, using: &generator)
            #expect(code.length == length)
            #expect(try InviteCode(parsing: code.displayText, length: length) == code)
            #expect(try InviteCode(parsing: code.text.lowercased(), length: length) == code)
            let spaced = code.displayText.replacingOccurrences(of: "-", with: " ")
            let misread = spaced.replacingOccurrences(of: "1", with: "l").replacingOccurrences(of: "0", with: "O")
            #expect(try InviteCode(parsing: " " + misread + " ", length: length) == code)
            #expect(try Credential.parse(code.displayText, codeLength: length) == .code(code))
        }
    }

    @Test(
        "display groups are at most five symbols, as even as possible",
        arguments: [
            (6, "ABC-DEF"), (9, "ABCDE-FGHJ"), (10, "ABCDE-FGHJK"), (11, "ABCD-EFGH-JKM"),
            (15, "ABCDE-FGHJK-MNPQR"), (16, "ABCD-EFGH-JKMN-PQRS"),
        ])
    func displayGrouping(length: Int, expected: String) {
        let symbols = Array("ABCDEFGHJKMNPQRS".utf8.prefix(length))
        let code = InviteCode(values: symbols.map { CrockfordBase32.alphabet.firstIndex(of: $0)! }.map(UInt8.init))
        #expect(code.displayText == expected)
    }

    @Test("the default length is 10 and the display form is ABCDE-FGHJK shaped")
    func defaultShape() throws {
        let code = try InviteCode.generate()
        #expect(code.length == 10)
        #expect(code.displayText.count == 11 && Array(code.displayText)[5] == "-")
    }

    @Test("U is rejected with its position", arguments: ["ABCDU-FGHJK", "abcdu fghjk"])
    func letterU(text: String) {
        #expect(throws: CredentialError.invalidCharacter(position: 5, shown: Array(text)[4].description)) {
            try InviteCode(parsing: text)
        }
    }

    @Test("a hidden character is reported by position and escaped, never echoed")
    func hiddenCharacter() {
        let error = #expect(throws: CredentialError.self) { try InviteCode(parsing: "AB\u{202E}CDEFGHJK") }
        #expect(error == .invalidCharacter(position: 3, shown: "\\u{202E}"))
        #expect(error?.code == "credential_invalid_character")
        #expect(error?.message.unicodeScalars.contains("\u{202E}") == false)
    }

    @Test("a single typo fails the check locally")
    func typo() throws {
        var generator = SeededGenerator(state: 7)
        let code = try InviteCode.generate(using: &generator)
        var symbols = Array(code.text)
        symbols[3] = symbols[3] == "A" ? "B" : "A"
        #expect(throws: CredentialError.checkFailed) { try InviteCode(parsing: String(symbols)) }
    }

    @Test(
        "input errors are typed",
        arguments: [
            ("", CredentialError.empty),
            (" - - ", .empty),
            ("ABCDE", .wrongLength(found: 5, expected: [10])),
            (String(repeating: "A", count: 65), .tooLong(limit: 64)),
            ("ABCDE*FGHJ", .invalidCharacter(position: 6, shown: "*")),
        ])
    func inputErrors(text: String, expected: CredentialError) {
        #expect(throws: expected) { try InviteCode(parsing: text) }
    }

    @Test("unsupported lengths are refused", arguments: [0, 5, 17, 26])
    func unsupportedLength(length: Int) {
        #expect(throws: CredentialError.unsupportedCodeLength(length)) { try InviteCode.generate(length: length) }
        #expect(throws: CredentialError.unsupportedCodeLength(length)) { try InviteCode(parsing: "ABCDE", length: length) }
    }

    @Test("a code never prints its value")
    func redacted() throws {
        let code = try InviteCode.generate()
        #expect(!"\(code)".contains(code.text))
    }
}
