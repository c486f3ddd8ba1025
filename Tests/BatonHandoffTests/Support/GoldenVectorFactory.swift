import BatonJSON

@testable import BatonHandoff

/// Builds the golden vectors: envelopes minted by the library for the valid
/// cases and forged byte by byte for the invalid ones. Expectations are
/// stated from the inputs, never computed by the decoder under test.
struct GoldenVectorFactory {
    static let issuedAt = TestKeys.now - 600
    static let expiresAt = TestKeys.now + 86_400
    static let token = "7M3QK9XW2HFRD6TBJ4NPVCAYGE"
    static let invite = HandoffPayload(
        credential: HandoffCredential(form: .token, value: token),
        familyName: "The Okafor family",
        inviterName: "Ada",
        source: "https://baton.example/invite/\(token)"
    )

    let encoder = HandoffEncoder()

    /// Every vector, valid ones first.
    var all: [GoldenVector] {
        valid + malformed + rejectedHeaders + rejectedInTime + rejectedPayloads + badSignatures
    }

    // MARK: building blocks

    /// A version-1 header as fields, with the given changes applied.
    func headerFields(
        kind: HandoffKind = .invite, keyID: String? = TestKeys.currentKeyID,
        issuedAt: Int64 = issuedAt, expiresAt: Int64 = expiresAt, change: (inout HandoffFields) -> Void = { _ in }
    ) -> HandoffFields {
        var fields = HandoffHeader(
            algorithm: kind.algorithm, keyID: kind == .invite ? keyID : nil, kind: kind, version: 1,
            issuedAt: issuedAt, expiresAt: expiresAt
        ).fields
        change(&fields)
        return fields
    }

    /// The invite payload's fields, with the given changes applied.
    func payloadFields(_ payload: HandoffPayload = invite, change: (inout HandoffFields) -> Void = { _ in }) -> HandoffFields {
        var fields = payload.version1Fields
        change(&fields)
        return fields
    }

    /// `header.payload.mac` from raw JSON bytes; MAC'd by `signer`, or with an empty MAC segment.
    func forge(header: [UInt8], payload: [UInt8], signer: (any HandoffSigner)? = TestKeys.keyring) -> String {
        let signingInput = Base64URL.encode(header) + "." + Base64URL.encode(payload)
        let mac = signer.map { Base64URL.encode($0.signature(for: Array(signingInput.utf8))) } ?? ""
        return signingInput + "." + mac
    }

    /// `forge` from fields, written canonically.
    func forge(header: HandoffFields, payload: HandoffFields, signer: (any HandoffSigner)? = TestKeys.keyring) -> String {
        forge(header: CanonicalJSONWriter.bytes(of: header), payload: CanonicalJSONWriter.bytes(of: payload), signer: signer)
    }

    /// A correctly signed invite envelope whose header and payload are the given fields.
    func signedInvite(header: HandoffFields? = nil, payload: HandoffFields? = nil) -> String {
        forge(header: header ?? headerFields(), payload: payload ?? payloadFields())
    }

    /// A version-1 invite as servers minted it before `jti` (most vectors pin these bytes).
    func mintInvite(
        _ payload: HandoffPayload = invite, issuedAt: Int64 = issuedAt, expiresAt: Int64 = expiresAt,
        signer: HandoffSigner = TestKeys.keyring
    ) -> String {
        let header = HandoffHeader(
            algorithm: .hs256, keyID: signer.signingKeyID, kind: .invite, version: 1, issuedAt: issuedAt, expiresAt: expiresAt
        )
        return try! encoder.mint(header: header, payloadFields: payload.version1Fields, signer: signer)
    }

    /// An invite with `jti`, as the server mints it now: version 2, or 3 when it names no inviter.
    func mintInviteV2(_ payload: HandoffPayload = invite, id: String = TestKeys.handoffID, signer: HandoffSigner = TestKeys.keyring)
        -> String
    {
        try! encoder.mintInvite(payload, id: id, issuedAt: Self.issuedAt, expiresAt: Self.expiresAt, signer: signer)
    }

    /// The signed invite whose three texts are filled with `fill` bytes in total.
    func invite(filledWith fill: Int) -> (envelope: String, payload: HandoffPayload) {
        let prefix = "https://baton.example/invite/\(Self.token)?p="
        let family = min(fill, HandoffPayload.maxTextBytes)
        let inviter = min(max(fill - family, 1), HandoffPayload.maxTextBytes)
        let query = min(max(fill - family - inviter, 1), HandoffPayload.maxTextBytes - prefix.utf8.count)
        var payload = Self.invite
        payload.familyName = String(repeating: "F", count: family)
        payload.inviterName = String(repeating: "I", count: inviter)
        payload.source = prefix + String(repeating: "s", count: query)
        return (forge(header: headerFields(), payload: payload.version1Fields), payload)
    }

    /// The largest fill whose envelope is at most `size` bytes (sizes grow with the fill).
    func largestFill(upTo size: Int) -> Int {
        var low = 1
        var high = 3 * HandoffPayload.maxTextBytes
        while low < high {
            let middle = (low + high + 1) / 2
            if invite(filledWith: middle).envelope.utf8.count <= size { low = middle } else { high = middle - 1 }
        }
        return low
    }

    // MARK: expectations

    func ok(
        _ name: String, _ envelope: String, now: Int64 = TestKeys.now, mode: String = "server",
        payload: HandoffPayload = invite, kind: HandoffKind = .invite, keyID: String? = TestKeys.currentKeyID,
        issuedAt: Int64 = issuedAt, expiresAt: Int64 = expiresAt, version: Int = 1, id: String? = nil
    ) -> GoldenVector {
        let header = HandoffHeader(
            algorithm: kind.algorithm, keyID: keyID, kind: kind, version: version, issuedAt: issuedAt, expiresAt: expiresAt, id: id
        )
        let authenticity: HandoffAuthenticity = kind == .typedCode ? .deviceMinted : (mode == "server" ? .verified : .unverified)
        let expected = GoldenVector.Expectation.fields(header: header, payload: payload, authenticity: authenticity)
        return GoldenVector(name: name, envelope: envelope, now: now, mode: mode, expect: .init(ok: expected))
    }

    func fails(_ name: String, _ envelope: String, _ error: HandoffError, now: Int64 = TestKeys.now, mode: String = "server")
        -> GoldenVector
    {
        GoldenVector(name: name, envelope: envelope, now: now, mode: mode, expect: .failure(error))
    }

    static let malformed = HandoffError.malformed(reason: "")
    static let invalidPayload = HandoffError.invalidPayload(reason: "")
}
