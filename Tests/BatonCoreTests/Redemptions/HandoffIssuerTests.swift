import BatonHandoff
import BatonLinks
import Foundation
import Testing

@testable import BatonCore

@Suite("Handoff minting", .timeLimit(.minutes(10)))
struct HandoffIssuerTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    let issuer = HandoffIssuer(
        keyring: try! HandoffKeyring(keys: ["k1": Array(repeating: 7, count: 32)], currentKeyID: "k1"), ttlSeconds: 600,
        clock: { HandoffIssuerTests.now })

    /// The payload and schema version of the handoff minted for an invite naming `inviterName`.
    func mint(inviterName: String?) throws -> (payload: HandoffPayload, version: Int) {
        let preview = InvitePreview(
            inviteID: UUID(), familyName: "The Doe family", inviterName: inviterName, expiresAt: Self.now.addingTimeInterval(3600),
            usesLeft: 1, state: "active")
        let token = LinkToken.generate()
        let minted = try issuer.mint(for: preview, credential: .token(token), source: "https://baton.example/invite/\(token.text)")
        let verified = try issuer.verify(minted)
        return (verified.payload, verified.header.version)
    }

    @Test(
        "an invite without an inviter name mints a version-3 handoff without one, never the family name in its place")
    func noInviterName() throws {
        let (payload, version) = try mint(inviterName: nil)
        #expect(payload.inviterName == nil && version == 3)
        #expect(payload.familyName == "The Doe family")
    }

    @Test("an invite's inviter name is carried as given, in a version-2 handoff as before")
    func inviterName() throws {
        let (payload, version) = try mint(inviterName: "Ada")
        #expect(payload.inviterName == "Ada" && version == 2)
    }
}
