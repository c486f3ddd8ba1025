import Testing

@testable import BatonCore

@Suite("Invitees and attribution labels", .timeLimit(.minutes(10)))
struct InviteeTests {
    static let hasher = KeyedHasher(secret: Array(repeating: 7, count: 32), purpose: .invitee)

    @Test("an email is trimmed and lower-cased, so its hash matches however the address is spelt")
    func emailNormalised() throws {
        let sent = try #require(Invitee(email: "  Ann.Lee@Example.COM "))
        let claimed = try #require(Invitee(email: "ann.lee@example.com"))
        #expect(sent.hash(with: Self.hasher) == claimed.hash(with: Self.hasher))
        #expect(sent.hint == "a•••@example.com")
    }

    @Test("the same text as another kind hashes differently")
    func kindsApart() throws {
        let subject = try #require(Invitee(subject: "+14155550123"))
        let phone = try #require(Invitee(phone: "+14155550123"))
        #expect(subject.hash(with: Self.hasher) != phone.hash(with: Self.hasher))
        #expect(phone.hint == "•••23" && subject.hint == nil)
    }

    @Test(
        "malformed addresses and numbers are refused",
        arguments: ["", "ann", "@example.com", "ann@", "a@b@c", "ann lee@example.com", "a\u{202E}@example.com"])
    func badEmail(text: String) {
        #expect(Invitee(email: text) == nil)
    }

    @Test(
        "an email, phone or subject with a hidden character is refused, even at the end where trimming would drop it",
        arguments: ["\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}", "\u{00AD}", "\u{0007}"])
    func hiddenCharacters(character: String) {
        #expect(Invitee(email: "ann@example.com" + character) == nil)
        #expect(Invitee(email: character + "ann@example.com") == nil)
        #expect(Invitee(phone: "+14155550123" + character) == nil)
        #expect(Invitee(subject: "ann" + character) == nil)
    }

    @Test("a phone number must be E.164", arguments: ["14155550123", "+0123456789", "+1 415 555 0123", "+12345", "+1234567890123456"])
    func badPhone(text: String) {
        #expect(Invitee(phone: text) == nil)
    }

    @Test("an invitee names exactly one identity, and a bad one is named in the error")
    func draftRules() {
        #expect(throws: InviteError.validationFailed(field: "invitee", reason: "must hold exactly one of email, phone and subject")) {
            try Invitee(InviteeDraft(email: "a@example.com", subject: "u1"), field: "invitee")
        }
        #expect(throws: InviteError.self) { try Invitee(InviteeDraft(), field: "invitee") }
        #expect {
            try Invitee(InviteeDraft(phone: "555"), field: "invites.2.invitee")
        } throws: { error in
            (error as? InviteError)
                == .validationFailed(
                    field: "invites.2.invitee.phone", reason: "must be a phone number in E.164 form, such as +14155550123")
        }
    }

    @Test("source and campaign are lower-cased and limited to 1-64 characters of a-z 0-9 _ . -")
    func labels() throws {
        let labels = try Attribution(source: "Share_Sheet", campaign: "spring-2026.v2", field: "")
        #expect(labels == Attribution(source: "share_sheet", campaign: "spring-2026.v2"))
        for bad in ["", "has space", "ünï", String(repeating: "a", count: 65), "a/b"] {
            #expect(throws: InviteError.validationFailed(field: "campaign", reason: "must have 1 to 64 characters of a-z, 0-9, _, . and -"))
            {
                try Attribution(source: nil, campaign: bad, field: "")
            }
        }
    }
}
