import BatonJSON

@testable import BatonHandoff

/// Refused before or while reading the header: size, segments, alphabet, JSON.
extension GoldenVectorFactory {
    var malformed: [GoldenVector] {
        let good = mintInvite()
        let parts = good.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let over = invite(filledWith: largestFill(upTo: HandoffLimits.defaultMaxBytes) + 2).envelope
        let lastSymbol = Base64URL.alphabet.firstIndex(of: parts[2].utf8.last!)!
        let loosenedMAC = parts[2].dropLast() + String(UnicodeScalar(Base64URL.alphabet[lastSymbol | 1]))
        let payload = payloadFields()
        return [
            fails(
                "a signed, otherwise valid invite of \(over.utf8.count) bytes is over the limit", over,
                .tooLarge(size: over.utf8.count, limit: HandoffLimits.defaultMaxBytes)),
            fails("the empty string", "", Self.malformed),
            fails("two segments: the MAC segment is missing", parts[0] + "." + parts[1], Self.malformed),
            fails("four segments", good + ".AAAA", Self.malformed),
            fails("truncated inside the MAC", String(good.dropLast(5)), Self.malformed),
            fails("truncated inside the payload", String(good.prefix(parts[0].count + 30)), Self.malformed),
            fails(
                "'+' from the standard base64 alphabet in the MAC", parts[0] + "." + parts[1] + ".+" + parts[2].dropFirst(), Self.malformed),
            fails(
                "'/' from the standard base64 alphabet in the payload", parts[0] + ".eyJ/" + parts[1].dropFirst(4) + "." + parts[2],
                Self.malformed),
            fails("'=' padding after the header", parts[0] + "==." + parts[1] + "." + parts[2], Self.malformed),
            fails("a trailing newline", good + "\n", Self.malformed),
            fails("a space between segments", parts[0] + ". " + parts[1] + "." + parts[2], Self.malformed),
            fails(
                "non-canonical base64: unused bits set in the MAC's last symbol", parts[0] + "." + parts[1] + "." + loosenedMAC,
                Self.malformed),
            fails("a NUL character inside the envelope", parts[0] + "\u{0}." + parts[1] + "." + parts[2], Self.malformed),
            fails("a zero-width space inside the envelope", parts[0] + ".\u{200B}" + parts[1] + "." + parts[2], Self.malformed),
            fails("a right-to-left override inside the envelope", "\u{202E}" + good, Self.malformed),
            fails(
                "the header is not JSON", forge(header: Array("hello".utf8), payload: CanonicalJSONWriter.bytes(of: payload)),
                Self.malformed),
            fails(
                "the header is a JSON array", forge(header: Array(#"["HS256"]"#.utf8), payload: CanonicalJSONWriter.bytes(of: payload)),
                Self.malformed),
            fails(
                "a duplicate alg in the header",
                forge(
                    header: Array(
                        #"{"alg":"none","alg":"HS256","exp":1800086400,"iat":1799999400,"kid":"k2","kind":"invite","typ":"baton-handoff+jws","v":1}"#
                            .utf8),
                    payload: CanonicalJSONWriter.bytes(of: payload)), Self.malformed),
            fails(
                "a header nested 5000 arrays deep",
                forge(
                    header: Array(("{\"typ\":" + String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000) + "}").utf8),
                    payload: CanonicalJSONWriter.bytes(of: payload)), Self.malformed),
            fails(
                "a fractional exp",
                forge(
                    header: Array(
                        #"{"alg":"HS256","exp":1800086400.5,"iat":1799999400,"kid":"k2","kind":"invite","typ":"baton-handoff+jws","v":1}"#
                            .utf8),
                    payload: CanonicalJSONWriter.bytes(of: payload)), Self.malformed),
            fails(
                "an exp of 10^30",
                forge(
                    header: Array(
                        #"{"alg":"HS256","exp":1000000000000000000000000000000,"iat":1799999400,"kid":"k2","kind":"invite","typ":"baton-handoff+jws","v":1}"#
                            .utf8),
                    payload: CanonicalJSONWriter.bytes(of: payload)), Self.malformed),
            fails(
                "invalid UTF-8 (a lone continuation byte) in the header",
                forge(
                    header: Array(#"{"alg":"HS256","exp":1800086400,"iat":1799999400,"kid":"k2"#.utf8) + [0x80]
                        + Array(#"","kind":"invite","typ":"baton-handoff+jws","v":1}"#.utf8),
                    payload: CanonicalJSONWriter.bytes(of: payload)), Self.malformed),
            fails(
                "typ JWT instead of baton-handoff+jws", signedInvite(header: headerFields { $0["typ"] = .string("JWT") }), Self.malformed),
            fails("v written as a string", signedInvite(header: headerFields { $0["v"] = .string("1") }), Self.malformed),
            fails("an unknown header member", signedInvite(header: headerFields { $0["cty"] = .string("json") }), Self.malformed),
            fails("kid missing from a signed header", signedInvite(header: headerFields { $0["kid"] = nil }), Self.malformed),
            fails("exp not after iat", signedInvite(header: headerFields(expiresAt: Self.issuedAt)), Self.malformed),
        ]
    }
}
