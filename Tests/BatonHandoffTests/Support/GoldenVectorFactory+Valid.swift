import BatonHandoff

/// The accepted envelopes: every kind, both policies, the edges of time and size.
extension GoldenVectorFactory {
    var valid: [GoldenVector] {
        let code = HandoffPayload(
            credential: HandoffCredential(form: .code, value: "ABCDE-FGHJK"), familyName: "Les Dubois",
            inviterName: "Chloé", source: "https://baton.example/invite/\(Self.token)"
        )
        let worldNames = HandoffPayload(
            credential: Self.invite.credential, familyName: "Família Ñandú 🏡", inviterName: "مهر\u{200C}ناز",
            source: Self.invite.source
        )
        let typed = HandoffPayload(credential: HandoffCredential(form: .code, value: "abcde-fghjk"))
        let typedEnvelope = try! encoder.mintTypedCode("abcde-fghjk", issuedAt: Self.issuedAt, expiresAt: Self.expiresAt)
        let largest = invite(filledWith: largestFill(upTo: HandoffLimits.defaultMaxBytes))
        let spaced = forge(
            header: Array(
                #"{ "typ": "baton-handoff+jws", "v": 1, "kind": "invite", "alg": "HS256", "kid": "k2", "iat": 1799999400, "exp": 1800086400 }"#
                    .utf8),
            payload: Array(
                #"{"credential":"7M3QK9XW2HFRD6TBJ4NPVCAYGE","credential_type":"token","family_name":"Ren\u00e9e \ud83c\udfe1","inviter_name":"Ada","source":"https:\/\/baton.example\/invite\/7M3QK9XW2HFRD6TBJ4NPVCAYGE"}"#
                    .utf8)
        )
        var noInviter = Self.invite
        noInviter.inviterName = nil
        var spacedPayload = Self.invite
        spacedPayload.familyName = "Renée 🏡"
        return [
            ok(
                "version 2: invite with a jti, as the server mints it now", mintInviteV2(), version: 2, id: TestKeys.handoffID),
            ok(
                "version 2: read on the device without a key, jti and all", mintInviteV2(), mode: "device", version: 2,
                id: TestKeys.handoffID),
            ok(
                "version 3: invite without an inviter name, as the server mints it now", mintInviteV2(noInviter), payload: noInviter,
                version: 3, id: TestKeys.handoffID),
            ok(
                "version 2: a jti of 64 base64url symbols, the longest allowed",
                mintInviteV2(id: String(repeating: "A_-9", count: 16)), version: 2, id: String(repeating: "A_-9", count: 16)),
            ok("invite with a link token, signed with the current key", mintInvite()),
            ok(
                "invite with a typed code, signed with the previous key k1 (rotation)",
                mintInvite(code, signer: TestKeys.previousKeyring), payload: code, keyID: "k1"),
            ok(
                "invite with emoji, accents and a Persian name with a zero-width non-joiner",
                mintInvite(worldNames), payload: worldNames),
            ok("invite one second before it expires", mintInvite(), now: Self.expiresAt - 1),
            ok("invite expired 59 s ago is accepted within the 60 s skew", mintInvite(), now: Self.expiresAt + 59),
            ok(
                "invite dated 60 s ahead is accepted within the skew",
                mintInvite(issuedAt: TestKeys.now + 60), issuedAt: TestKeys.now + 60),
            ok(
                "invite of \(largest.envelope.utf8.count) bytes, the largest that fits the 65536-byte limit", largest.envelope,
                payload: largest.payload),
            ok("hand-written JSON with whitespace, member order and escapes is accepted as signed", spaced, payload: spacedPayload),
            ok(
                "device: a code typed into the clip, minted unsigned on the device", typedEnvelope, mode: "device",
                payload: typed, kind: .typedCode, keyID: nil),
            ok("device: a server-minted invite read without a key is accepted unverified", mintInvite(), mode: "device"),
        ]
    }
}
