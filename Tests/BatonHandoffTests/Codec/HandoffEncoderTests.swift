import BatonJSON
import Testing

@testable import BatonHandoff

@Suite("minting envelopes", .timeLimit(.minutes(10)))
struct HandoffEncoderTests {
    let encoder = HandoffEncoder()
    let factory = GoldenVectorFactory()

    @Test("a device-minted typed code has exactly the documented canonical bytes")
    func typedCodeBytesArePinned() throws {
        let envelope = try encoder.mintTypedCode("ABCDE-FGHJK", issuedAt: 1_800_000_000, expiresAt: 1_800_086_400)
        let parts = envelope.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3 && parts[2].isEmpty)
        #expect(
            String(decoding: Base64URL.decode(Array(parts[0].utf8))!, as: UTF8.self)
                == #"{"alg":"none","exp":1800086400,"iat":1800000000,"kind":"typed_code","typ":"baton-handoff+jws","v":1}"#)
        #expect(
            String(decoding: Base64URL.decode(Array(parts[1].utf8))!, as: UTF8.self)
                == #"{"credential":"ABCDE-FGHJK","credential_type":"code"}"#)
    }

    @Test("minting the same invite twice gives the same bytes")
    func mintingIsCanonical() {
        #expect(factory.mintInvite() == factory.mintInvite())
        #expect(factory.mintInvite().allSatisfy { $0.isASCII })
    }

    @Test(
        "what the server mints, the server and the device decode back to the same payload",
        arguments: [
            GoldenVectorFactory.invite,
            HandoffPayload(
                credential: HandoffCredential(form: .code, value: "ABCDE-FGHJK"), familyName: "Ñandú 🏡",
                inviterName: "\"quoted\" \\ back", source: "https://baton.example/invite/X?a=1&b=%20"),
        ])
    func mintedInvitesRoundTrip(_ payload: HandoffPayload) throws {
        let envelope = factory.mintInvite(payload)
        #expect(try TestKeys.decoder(mode: "server", now: TestKeys.now).decode(envelope).payload == payload)
        #expect(try TestKeys.decoder(mode: "device", now: TestKeys.now).decode(envelope).payload == payload)
    }

    @Test("the encoder refuses what the decoder would refuse")
    func encoderRefusesInvalidInput() {
        var hidden = GoldenVectorFactory.invite
        hidden.familyName = "The \u{202E}Okafors"
        #expect(throws: HandoffError.self) {
            try encoder.mintInvite(hidden, id: TestKeys.handoffID, issuedAt: 1, expiresAt: 2, signer: TestKeys.keyring)
        }
        #expect(throws: HandoffError.malformed(reason: "exp is not after iat")) {
            try encoder.mintInvite(GoldenVectorFactory.invite, id: TestKeys.handoffID, issuedAt: 5, expiresAt: 5, signer: TestKeys.keyring)
        }
        #expect(throws: HandoffError.self) { try encoder.mintTypedCode("ABC DEF", issuedAt: 1, expiresAt: 2) }
        let small = HandoffEncoder(limits: HandoffLimits(maxBytes: 100))
        #expect(throws: HandoffError.self) { try small.mintTypedCode("ABCDE-FGHJK", issuedAt: 1, expiresAt: 2) }
    }

    @Test(
        "the low-level mint refuses a signer for an unsigned kind, a missing signer for a signed one, and an algorithm the kind is not minted with"
    )
    func mintChecksSignerAgainstAlgorithm() {
        let unsigned = HandoffHeader(algorithm: .none, keyID: nil, kind: .typedCode, version: 1, issuedAt: 1, expiresAt: 2)
        let signed = HandoffHeader(algorithm: .hs256, keyID: "k2", kind: .invite, version: 1, issuedAt: 1, expiresAt: 2)
        let unsignedInvite = HandoffHeader(algorithm: .none, keyID: nil, kind: .invite, version: 1, issuedAt: 1, expiresAt: 2)
        #expect(throws: HandoffError.unsupportedAlgorithm) {
            try encoder.mint(header: unsigned, payloadFields: HandoffFields(), signer: TestKeys.keyring)
        }
        #expect(throws: HandoffError.unsupportedAlgorithm) { try encoder.mint(header: signed, payloadFields: HandoffFields(), signer: nil) }
        #expect(throws: HandoffError.unsupportedAlgorithm) {
            try encoder.mint(header: unsignedInvite, payloadFields: HandoffFields(), signer: nil)
        }
    }

    static let payloadsToCheck: [(HandoffPayload, HandoffKind)] = {
        let invite = GoldenVectorFactory.invite
        func changed(_ change: (inout HandoffPayload) -> Void) -> HandoffPayload {
            var payload = invite
            change(&payload)
            return payload
        }
        let code = HandoffCredential(form: .code, value: "ABCDE-FGHJK")
        return [
            (invite, .invite), (HandoffPayload(credential: code), .typedCode), (invite, .typedCode),
            (HandoffPayload(credential: HandoffCredential(form: .token, value: "ABC")), .typedCode),
            (changed { $0.credential.value = "has_underscore" }, .invite), (changed { $0.credential.value = "" }, .invite),
            (changed { $0.familyName = nil }, .invite), (changed { $0.inviterName = "" }, .invite),
            (changed { $0.inviterName = "The \u{202E}Okafors" }, .invite), (changed { $0.source = "http://baton.example/" }, .invite),
            (changed { $0.source = "https://baton.example/a b" }, .invite), (changed { $0.source = nil }, .invite),
            (HandoffPayload(credential: code, familyName: "F"), .typedCode),
        ]
    }()

    @Test("checking a payload before minting fails exactly as decoding its fields would", arguments: payloadsToCheck)
    func checkMatchesDecoding(_ payload: HandoffPayload, kind: HandoffKind) {
        let checked = Result { () throws(HandoffError) in try payload.checkVersion1(kind: kind) }
        let decoded = Result { () throws(HandoffError) in _ = try HandoffPayload(version1: payload.version1Fields, kind: kind) }
        switch (checked, decoded) {
        case (.success, .success): break
        case (.failure(let checkError), .failure(let decodeError)): #expect(checkError == decodeError)
        default: Issue.record("check \(checked) but decode \(decoded)")
        }
    }

    @Test(
        "the invite fast path writes the same bytes as the general mint from fields",
        arguments: [
            GoldenVectorFactory.invite,
            HandoffPayload(
                credential: HandoffCredential(form: .code, value: "ABCDE-FGHJK"), familyName: "Ñandú 🏡",
                inviterName: "\"quoted\" \\ back", source: "https://baton.example/invite/X?a=1&b=%20"),
        ])
    func inviteFastPathMatchesGeneralMint(_ payload: HandoffPayload) throws {
        let header = HandoffHeader(
            algorithm: .hs256, keyID: TestKeys.keyring.signingKeyID, kind: .invite, version: 2, issuedAt: 1_800_000_000,
            expiresAt: 1_800_000_900, id: TestKeys.handoffID
        )
        let general = try encoder.mint(header: header, payloadFields: payload.version1Fields, signer: TestKeys.keyring)
        let fast = try encoder.mintInvite(
            payload, id: TestKeys.handoffID, issuedAt: 1_800_000_000, expiresAt: 1_800_000_900, signer: TestKeys.keyring)
        #expect(fast == general)
    }
}
