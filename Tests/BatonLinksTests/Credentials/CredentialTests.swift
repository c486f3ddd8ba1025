import Testing

@testable import BatonLinks

@Suite("Credentials", .timeLimit(.minutes(10)))
struct CredentialTests {
    @Test("tokens are 26 symbols of the alphabet and differ between calls")
    func tokenShape() {
        let tokens = (0..<100).map { _ in LinkToken.generate() }
        #expect(Set(tokens).count == 100)
        for token in tokens {
            #expect(token.text.utf8.count == 26)
            #expect(token.text.utf8.allSatisfy(CrockfordBase32.alphabet.contains))
        }
    }

    @Test("a token is recognised as a token, case-insensitively")
    func tokenParse() throws {
        var generator = SeededGenerator(state: 3)
        let token = LinkToken.generate(using: &generator)
        #expect(try Credential.parse(token.text) == .token(token))
        #expect(try Credential.parse(token.text.lowercased()) == .token(token))
        #expect(try LinkToken(parsing: token.text) == token)
        #expect(!"\(token)".contains(token.text))
    }

    @Test("a string of neither shape names both expected lengths")
    func neither() {
        #expect(throws: CredentialError.wrongLength(found: 12, expected: [10, 26])) {
            try Credential.parse("ABCDEFGHJKMN")
        }
        #expect(throws: CredentialError.wrongLength(found: 10, expected: [26])) {
            try LinkToken(parsing: "ABCDEFGHJK")
        }
    }

    @Test("a configured code length is honoured by the parser")
    func configuredLength() throws {
        var generator = SeededGenerator(state: 11)
        let code = try InviteCode.generate(length: 7, using: &generator)
        #expect(try Credential.parse(code.text, codeLength: 7) == .code(code))
        #expect(throws: CredentialError.wrongLength(found: 7, expected: [10, 26])) { try Credential.parse(code.text) }
    }

    @Test(
        "every error has a stable snake_case code",
        arguments: [
            CredentialError.tooLong(limit: 64), .empty, .invalidCharacter(position: 1, shown: "*"),
            .wrongLength(found: 1, expected: [10]), .checkFailed, .unsupportedCodeLength(3),
        ])
    func codes(error: CredentialError) {
        #expect(error.code.allSatisfy { $0.isLowercase || $0 == "_" })
        #expect(!error.message.isEmpty)
    }
}

@Suite("Invite links", .timeLimit(.minutes(10)))
struct InviteLinkTests {
    @Test("both link forms of a token validate and resolve back to it")
    func linksRoundTrip() throws {
        let limits = InvocationLimits(allowedHosts: ["baton.example"], clipBundleIDs: ["com.example.family.Clip"])
        var generator = SeededGenerator(state: 5)
        for _ in 0..<50 {
            let token = LinkToken.generate(using: &generator)
            let custom = try Invocation(url: token.inviteLink(host: "baton.example"), limits: limits)
            #expect(custom.credential == .token(token) && custom.form == .inviteLink)
            let clip = try Invocation(url: token.defaultAppClipLink(clipBundleID: "com.example.family.Clip"), limits: limits)
            #expect(clip.credential == .token(token) && clip.form == .defaultAppClipLink(bundleID: "com.example.family.Clip"))
        }
    }
}
