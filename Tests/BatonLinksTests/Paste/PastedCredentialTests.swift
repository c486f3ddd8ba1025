import Testing

@testable import BatonLinks

@Suite("Pasted credentials", .timeLimit(.minutes(10)))
struct PastedCredentialTests {
    static let limits = InvocationLimits(allowedHosts: ["baton.example"], clipBundleIDs: ["com.example.family.Clip"])
    static let code = Credential.code(try! InviteCode(parsing: "7K3M9Q2XWW"))
    static let token = Credential.token(try! LinkToken(parsing: "0123456789ABCDEFGHJKMNPQRS"))
    static let link = "https://baton.example/invite/0123456789ABCDEFGHJKMNPQRS"

    /// A pasted text and the credential it must give: `code` or `token` above.
    struct Found: CustomTestStringConvertible, Sendable {
        let pasted: String
        let isToken: Bool
        var testDescription: String { pasted.debugDescription }
    }

    static let found: [Found] = [
        Found(pasted: "7K3M9Q2XWW", isToken: false),
        Found(pasted: "7K3M9-Q2XWW", isToken: false),
        Found(pasted: "7k3m9 q2xww", isToken: false),
        Found(pasted: "  7K3M9 Q2XWW\n", isToken: false),
        Found(pasted: "7K3M9\u{2013}Q2XWW", isToken: false),
        Found(pasted: "7K3M9\u{00A0}Q2XWW", isToken: false),
        Found(pasted: "7K3-M9Q-2XWW", isToken: false),
        Found(pasted: "Join us! Your code is 7K3M9-Q2XWW.", isToken: false),
        Found(pasted: "code: 7K3M9 Q2XWW (expires Friday)", isToken: false),
        Found(pasted: "your code is 7k3m9-q2xww, see you", isToken: false),
        Found(pasted: "«7K3M9-Q2XWW»", isToken: false),
        Found(pasted: "Code\n7K3M9-Q2XWW\nThanks", isToken: false),
        Found(pasted: link, isToken: true),
        Found(pasted: "Tap \(link)?utm_source=sms&utm_medium=text&fbclid=Iw_AR3x to join.", isToken: true),
        Found(pasted: "(\(link))", isToken: true),
        Found(pasted: "<\(link)>", isToken: true),
        Found(pasted: "[join](\(link)).", isToken: true),
        Found(pasted: "HTTPS://BATON.EXAMPLE/invite/0123456789ABCDEFGHJKMNPQRS", isToken: true),
        Found(pasted: "\(link) \(link)", isToken: true),
        Found(pasted: "link \(link) and code 7K3M9-Q2XWW", isToken: true),
        Found(pasted: "https://appclip.apple.com/id?p=com.example.family.Clip&token=0123456789ABCDEFGHJKMNPQRS", isToken: true),
        Found(pasted: "see https://example.com/7K3M9Q2XWW or https://baton.example/invite?code=7K3M9Q2XWW", isToken: false),
        Found(pasted: "0123456789ABCDEFGHJKMNPQRS", isToken: true),
        Found(pasted: "token 01234-56789-ABCDE-FGHJK-MNPQR-S please", isToken: true),
    ]

    @Test("an invite link or code is found in pasted text", arguments: found)
    func finds(_ vector: Found) throws {
        #expect(try Credential.parse(pasted: vector.pasted, limits: Self.limits) == (vector.isToken ? Self.token : Self.code))
    }

    /// A pasted text and the error it must give.
    struct Refused: CustomTestStringConvertible, Sendable {
        let pasted: String
        let error: PasteError
        var testDescription: String { pasted.debugDescription }
    }

    static let refused: [Refused] = [
        Refused(pasted: "", error: .empty),
        Refused(pasted: " \n\t", error: .empty),
        Refused(pasted: String(repeating: "a ", count: 2049), error: .tooLong(limit: 4096)),
        Refused(pasted: "Let's have lunch at noon tomorrow, ok?", error: .noCredential),
        Refused(pasted: "Ref ABC7K3M9Q2XWWDEF.", error: .noCredential),
        Refused(pasted: "ref: x7K3M9Q2XWW!", error: .noCredential),
        Refused(pasted: "see 7K3M9Q2XWWZ.", error: .noCredential),
        Refused(pasted: "cafe\u{301}7K3M9Q2XWW", error: .noCredential),
        Refused(pasted: "its 7K3M9Q2XWWé ok", error: .noCredential),
        Refused(pasted: "7K3M9\u{200B}Q2XWW", error: .noCredential),
        Refused(pasted: "hello world, the code is below", error: .noCredential),
        Refused(pasted: "see you at dinner", error: .noCredential),
        Refused(pasted: "hello", error: .credential(.wrongLength(found: 5, expected: [10, 26]))),
        Refused(pasted: "https://evil.example/invite/0123456789ABCDEFGHJKMNPQRS", error: .noCredential),
        Refused(pasted: "http://example.com/", error: .noCredential),
        Refused(pasted: "7K3M9Q2XWX", error: .credential(.checkFailed)),
        Refused(pasted: "K73M9-Q2XWW", error: .credential(.checkFailed)),
        Refused(pasted: "7K3M9-Q2XWU", error: .credential(.invalidCharacter(position: 11, shown: "U"))),
        Refused(pasted: "7K3M9Q2XW", error: .credential(.wrongLength(found: 9, expected: [10, 26]))),
        Refused(pasted: "https://baton.example/invite/ABCDEFGH", error: .link(.credential(.wrongLength(found: 8, expected: [26])))),
        Refused(pasted: "http://baton.example/invite/0123456789ABCDEFGHJKMNPQRS", error: .link(.schemeNotHTTPS(value: "http"))),
        Refused(pasted: "go to https://baton.example/admin now", error: .link(.notAnInvitePath(value: "/admin"))),
        Refused(
            pasted: "7K3M9Q2XWW or \(link)?x=1 and https://baton.example/invite/ZZZZZZZZZZZZZZZZZZZZZZZZZZ", error: .ambiguous(count: 2)),
    ]

    @Test("pasted text without exactly one credential is refused with a typed error", arguments: refused)
    func refuses(_ vector: Refused) {
        #expect(throws: vector.error) { try Credential.parse(pasted: vector.pasted, limits: Self.limits) }
    }

    @Test("two different codes in one paste are ambiguous, the same code twice is not")
    func twoCodes() throws {
        var generator = SeededGenerator(state: 5)
        let other = try InviteCode.generate(using: &generator)
        #expect(throws: PasteError.ambiguous(count: 2)) {
            try Credential.parse(pasted: "7K3M9-Q2XWW or \(other.displayText)", limits: Self.limits)
        }
        #expect(try Credential.parse(pasted: "7K3M9-Q2XWW, again: 7K3M9-Q2XWW", limits: Self.limits) == Self.code)
    }

    @Test("look-alike letters read as the digits of the code alphabet")
    func lookAlikes() throws {
        var generator = SeededGenerator(state: 1)
        var code = try InviteCode.generate(using: &generator)
        while !(code.text.contains("0") && code.text.contains("1")) { code = try InviteCode.generate(using: &generator) }
        let respelled = code.displayText.replacingOccurrences(of: "0", with: "O").replacingOccurrences(of: "1", with: "I")
        #expect(try Credential.parse(pasted: "Code: \(respelled).", limits: Self.limits) == .code(code))
        let lower = code.displayText.replacingOccurrences(of: "1", with: "l").lowercased()
        #expect(try Credential.parse(pasted: lower, limits: Self.limits) == .code(code))
    }

    @Test("a configured code length is looked for, and the default length no longer is")
    func codeLength() throws {
        var generator = SeededGenerator(state: 9)
        let short = try InviteCode.generate(length: 6, using: &generator)
        let limits = InvocationLimits(allowedHosts: ["baton.example"], codeLength: 6)
        #expect(try Credential.parse(pasted: "your code is \(short.displayText) ok", limits: limits) == .code(short))
        #expect(throws: PasteError.noCredential) { try Credential.parse(pasted: "code 7K3M9-Q2XWW!", limits: limits) }
    }

    @Test("every generated code and token is found in a message, whatever its spelling")
    func generated() throws {
        var generator = SeededGenerator(state: 77)
        for round in 0..<300 {
            let code = try InviteCode.generate(using: &generator)
            let spelled = round % 2 == 0 ? code.displayText : code.text
            #expect(try Credential.parse(pasted: "Hi! Use \(spelled) to join.", limits: Self.limits) == .code(code))
            let token = LinkToken.generate(using: &generator)
            let message = "Join: \(token.inviteLink(host: "baton.example"))?utm_campaign=\(round)."
            #expect(try Credential.parse(pasted: message, limits: Self.limits) == .token(token))
        }
    }

    @Test("error messages never repeat the pasted text")
    func messages() {
        for vector in Self.refused {
            #expect(!vector.error.message.contains("7K3M9"))
            #expect(!vector.error.description.contains("ABCDEFGH"))
            #expect(vector.error.code.allSatisfy { $0.isLowercase || $0 == "_" })
        }
    }
}
