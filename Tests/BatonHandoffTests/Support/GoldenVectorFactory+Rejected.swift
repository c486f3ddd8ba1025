import BatonJSON

@testable import BatonHandoff

/// Well-formed envelopes refused for what they say: version, kind,
/// algorithm, key, time, payload schema and MAC, each checked in its turn.
extension GoldenVectorFactory {
    var rejectedHeaders: [GoldenVector] {
        let unsigned = headerFields(kind: .typedCode)
        let typedPayload = HandoffPayload(credential: HandoffCredential(form: .code, value: "ABCDE-FGHJK")).version1Fields
        let noneInvite = headerFields {
            $0["alg"] = .string("none")
            $0["kid"] = nil
        }
        let version2 = { (change: (inout HandoffFields) -> Void) in
            self.headerFields {
                $0["v"] = .int(2)
                $0["jti"] = .string(TestKeys.handoffID)
                change(&$0)
            }
        }
        return [
            fails(
                "future version 4 with a valid version-1 payload", signedInvite(header: headerFields { $0["v"] = .int(4) }),
                .unsupportedVersion(found: 4, supported: [1, 2, 3])),
            fails(
                "version 0, never shipped", signedInvite(header: headerFields { $0["v"] = .int(0) }),
                .unsupportedVersion(found: 0, supported: [1, 2, 3])),
            fails(
                "future version 7 with an unreadable payload: the version is checked before the payload",
                forge(header: CanonicalJSONWriter.bytes(of: headerFields { $0["v"] = .int(7) }), payload: Array("not json".utf8)),
                .unsupportedVersion(found: 7, supported: [1, 2, 3])),
            fails(
                "expired future version 4 with a new header member: the version is checked before the rest of the header and time",
                signedInvite(
                    header: headerFields(issuedAt: TestKeys.now - 7_200, expiresAt: TestKeys.now - 3_600) {
                        $0["v"] = .int(4)
                        $0["zip"] = .string("DEF")
                    }),
                .unsupportedVersion(found: 4, supported: [1, 2, 3])),
            fails("an unknown kind", signedInvite(header: headerFields { $0["kind"] = .string("gift") }), .unsupportedKind),
            fails(
                "alg none on the server path, even for a device-minted typed code",
                forge(header: unsigned, payload: typedPayload, signer: nil), .unsupportedAlgorithm),
            fails(
                "alg none claiming kind invite, without a MAC",
                forge(header: noneInvite, payload: payloadFields(), signer: nil), .unsupportedAlgorithm),
            fails(
                "device: alg none claiming kind invite", forge(header: noneInvite, payload: payloadFields(), signer: nil),
                .unsupportedAlgorithm, mode: "device"),
            fails("alg none with a valid HMAC attached", forge(header: noneInvite, payload: payloadFields()), .unsupportedAlgorithm),
            fails(
                "alg HS512, not on the allow-list", signedInvite(header: headerFields { $0["alg"] = .string("HS512") }),
                .unsupportedAlgorithm),
            fails("alg hs256 in lower case", signedInvite(header: headerFields { $0["alg"] = .string("hs256") }), .unsupportedAlgorithm),
            fails(
                "device: a typed code claiming HS256",
                forge(header: headerFields { $0["kind"] = .string("typed_code") }, payload: typedPayload),
                .unsupportedAlgorithm, mode: "device"),
            fails("a key id the server does not hold", signedInvite(header: headerFields(keyID: "k9")), .unknownKey),
            fails("version 2 signed without a jti", signedInvite(header: version2 { $0["jti"] = nil }), Self.malformed),
            fails(
                "version 1 with a jti, a member version 1 does not have",
                signedInvite(header: headerFields { $0["jti"] = .string(TestKeys.handoffID) }), Self.malformed),
            fails(
                "version 2 with a jti of 15 symbols, one short", signedInvite(header: version2 { $0["jti"] = .string("AAAAAAAAAAAAAAA") }),
                Self.malformed),
            fails(
                "version 2 with a jti holding a dot", signedInvite(header: version2 { $0["jti"] = .string("7f3a9c0e5b2d48e1.6c4f09b") }),
                Self.malformed),
            fails("version 2 with a numeric jti", signedInvite(header: version2 { $0["jti"] = .int(1234) }), Self.malformed),
            fails(
                "device: a version-2 typed code carrying a jti",
                forge(
                    header: headerFields(kind: .typedCode) {
                        $0["v"] = .int(2)
                        $0["jti"] = .string(TestKeys.handoffID)
                    }, payload: typedPayload, signer: nil), Self.malformed, mode: "device"),
            fails(
                "device: a typed code with a MAC segment", forge(header: unsigned, payload: typedPayload, signer: nil) + "AAAA",
                Self.malformed, mode: "device"),
        ]
    }

    var rejectedInTime: [GoldenVector] {
        let tampered = signedInvite(payload: payloadFields { $0["inviter_name"] = .string("Mallory") })
        let good = mintInvite()
        return [
            fails("expired 60 s ago, beyond the skew", good, .expired(expiresAt: Self.expiresAt), now: Self.expiresAt + 60),
            fails("dated 61 s ahead, beyond the skew", mintInvite(issuedAt: TestKeys.now + 61), .notYetValid(issuedAt: TestKeys.now + 61)),
            fails(
                "expired and tampered: time is checked before the MAC", String(tampered.dropLast(43)) + String(good.suffix(43)),
                .expired(expiresAt: Self.expiresAt), now: Self.expiresAt + 3_600),
            fails(
                "expired with an invalid payload: time is checked before the payload",
                signedInvite(payload: payloadFields { $0["credential"] = nil }), .expired(expiresAt: Self.expiresAt),
                now: Self.expiresAt + 3_600),
        ]
    }

    var rejectedPayloads: [GoldenVector] {
        let header = CanonicalJSONWriter.bytes(of: headerFields())
        let tooLong = String(repeating: "x", count: HandoffPayload.maxTextBytes + 1)
        return [
            fails(
                "a duplicate credential in the payload",
                forge(
                    header: header,
                    payload: Array(
                        #"{"credential":"AAAA","credential":"7M3QK9XW2HFRD6TBJ4NPVCAYGE","credential_type":"token","family_name":"F","inviter_name":"I","source":"https://b.example/"}"#
                            .utf8)),
                Self.malformed),
            fails(
                "a payload nested 5000 objects deep",
                forge(
                    header: header,
                    payload: Array(String(repeating: #"{"a":"#, count: 5_000).utf8) + Array(String(repeating: "}", count: 5_000).utf8)),
                Self.malformed),
            fails(
                "an overlong UTF-8 encoding of '/' in the payload",
                forge(
                    header: header,
                    payload: Array(#"{"credential":"A","credential_type":"code","family_name":"F"#.utf8) + [0xC0, 0xAF]
                        + Array(#"","inviter_name":"I","source":"https://b.example/"}"#.utf8)),
                Self.malformed),
            fails(
                "a lone surrogate escape in the payload",
                forge(
                    header: header,
                    payload: Array(
                        #"{"credential":"A","credential_type":"code","family_name":"\ud800","inviter_name":"I","source":"https://b.example/"}"#
                            .utf8)),
                Self.malformed),
            fails(
                "a raw line feed inside a payload string",
                forge(
                    header: header,
                    payload: Array(
                        "{\"credential\":\"A\",\"credential_type\":\"code\",\"family_name\":\"F\n\",\"inviter_name\":\"I\",\"source\":\"https://b.example/\"}"
                            .utf8)),
                Self.malformed),
            fails(
                "a 40-digit number in the payload",
                forge(
                    header: header,
                    payload: Array(
                        #"{"credential":"A","credential_type":"code","family_name":"F","inviter_name":"I","source":"https://b.example/","n":1234567890123456789012345678901234567890}"#
                            .utf8)),
                Self.malformed),
            fails(
                "an escaped NUL in the inviter name", signedInvite(payload: payloadFields { $0["inviter_name"] = .string("Ada\u{0}") }),
                Self.invalidPayload),
            fails(
                "a right-to-left override in the family name",
                signedInvite(payload: payloadFields { $0["family_name"] = .string("The \u{202E}ylimaf") }), Self.invalidPayload),
            fails(
                "a zero-width space in the family name",
                signedInvite(payload: payloadFields { $0["family_name"] = .string("The\u{200B}Okafors") }), Self.invalidPayload),
            fails("family_name missing", signedInvite(payload: payloadFields { $0["family_name"] = nil }), Self.invalidPayload),
            fails("an unknown payload member", signedInvite(payload: payloadFields { $0["role"] = .string("admin") }), Self.invalidPayload),
            fails(
                "an unknown credential_type", signedInvite(payload: payloadFields { $0["credential_type"] = .string("password") }),
                Self.invalidPayload),
            fails(
                "a credential with a space", signedInvite(payload: payloadFields { $0["credential"] = .string("ABCDE FGHJK") }),
                Self.invalidPayload),
            fails(
                "a source over plain http",
                signedInvite(payload: payloadFields { $0["source"] = .string("http://baton.example/invite/x") }), Self.invalidPayload),
            fails(
                "a family name one byte over 16384", signedInvite(payload: payloadFields { $0["family_name"] = .string(tooLong) }),
                Self.invalidPayload),
            fails(
                "device: a typed code carrying a family name",
                forge(
                    header: headerFields(kind: .typedCode),
                    payload: HandoffFields([
                        "credential": .string("ABCDE-FGHJK"), "credential_type": .string("code"), "family_name": .string("Spoofed"),
                    ]), signer: nil),
                Self.invalidPayload, mode: "device"),
            fails(
                "an invalid payload under a forged MAC: the payload is checked before the MAC",
                forge(header: headerFields(), payload: payloadFields { $0["credential"] = .int(7) }, signer: TestKeys.forger),
                Self.invalidPayload),
        ]
    }

    var badSignatures: [GoldenVector] {
        let good = mintInvite()
        let parts = good.split(separator: ".").map(String.init)
        let other = mintInvite(issuedAt: Self.issuedAt + 1)
        var flipped = Base64URL.decode(Array(parts[2].utf8))!
        flipped[0] ^= 0x01
        let rekeyed = Base64URL.encode(CanonicalJSONWriter.bytes(of: headerFields(keyID: "k1")))
        let extended = Base64URL.encode(CanonicalJSONWriter.bytes(of: headerFields(expiresAt: Self.expiresAt + 86_400)))
        let renamed = Base64URL.encode(CanonicalJSONWriter.bytes(of: payloadFields { $0["family_name"] = .string("The Mallory family") }))
        return [
            fails("tampered header: kid changed from k2 to k1", rekeyed + "." + parts[1] + "." + parts[2], .badSignature),
            fails("tampered header: exp extended by a day", extended + "." + parts[1] + "." + parts[2], .badSignature),
            fails("tampered payload: family name changed", parts[0] + "." + renamed + "." + parts[2], .badSignature),
            fails("tampered MAC: one bit flipped", parts[0] + "." + parts[1] + "." + Base64URL.encode(flipped), .badSignature),
            fails("MAC by a key outside the keyring, claiming k2", mintInvite(signer: TestKeys.forger), .badSignature),
            fails("MAC copied from another valid envelope", parts[0] + "." + parts[1] + "." + String(other.suffix(43)), .badSignature),
        ]
    }
}
