/// Mints envelopes: canonical bytes (sorted keys, no whitespace, unpadded
/// base64url), so the same header and payload always give the same text.
///
/// Every minted envelope is checked with the same schema reader the decoder
/// uses and must fit the size limit, so what is minted is decodable.
public struct HandoffEncoder: Sendable {
    /// The size limit minted envelopes must fit.
    public let limits: HandoffLimits

    /// An encoder bound by `limits`.
    public init(limits: HandoffLimits = HandoffLimits()) {
        self.limits = limits
    }

    /// A server-minted `invite` envelope (schema version 1) MAC'd by `signer`'s current key.
    ///
    /// - Throws: `handoff_invalid_payload` when `payload` breaks the schema,
    ///   `handoff_malformed` when `expiresAt` is not after `issuedAt`,
    ///   `handoff_too_large` when the result would exceed the limit.
    public func mintInvite(_ payload: HandoffPayload, issuedAt: Int64, expiresAt: Int64, signer: any HandoffSigner) throws(HandoffError) -> String {
        let header = HandoffHeader(
            algorithm: .hs256, keyID: signer.signingKeyID, kind: .invite, version: 1, issuedAt: issuedAt, expiresAt: expiresAt
        )
        try payload.checkVersion1(kind: .invite)
        return try mint(header: header, payloadMembers: payload.version1Members, signer: signer)
    }

    /// A device-minted, unsigned `typed_code` envelope (schema version 1) for
    /// a code typed into the clip before any network call.
    ///
    /// - Throws: as ``mintInvite(_:issuedAt:expiresAt:signer:)``.
    public func mintTypedCode(_ code: String, issuedAt: Int64, expiresAt: Int64) throws(HandoffError) -> String {
        let header = HandoffHeader(algorithm: .none, keyID: nil, kind: .typedCode, version: 1, issuedAt: issuedAt, expiresAt: expiresAt)
        let payload = HandoffPayload(credential: HandoffCredential(form: .code, value: code))
        try payload.checkVersion1(kind: .typedCode)
        return try mint(header: header, payloadMembers: payload.version1Members, signer: nil)
    }

    /// The envelope for `header` and `payloadFields`, MAC'd by `signer` when
    /// the header's algorithm is `HS256`. For registering new schema versions
    /// and building test vectors: it checks the header and size, not the payload.
    ///
    /// - Throws: `handoff_unsupported_algorithm` when `signer` and the
    ///   algorithm disagree or the kind needs the other algorithm,
    ///   `handoff_malformed` for a bad key id or times, `handoff_too_large`.
    public func mint(header: HandoffHeader, payloadFields: HandoffFields, signer: (any HandoffSigner)?) throws(HandoffError) -> String {
        try mint(header: header, payloadMembers: payloadFields.sortedMembers, signer: signer)
    }

    /// The envelope of `payloadMembers`, given in canonical key order, written
    /// into one buffer (segments, dots and MAC) and turned into a string once.
    private func mint(
        header: HandoffHeader, payloadMembers: [(key: String, value: HandoffValue)], signer: (any HandoffSigner)?
    ) throws(HandoffError) -> String {
        guard header.algorithm == header.kind.algorithm, (header.algorithm == .hs256) == (signer != nil) else {
            throw .unsupportedAlgorithm
        }
        if let keyID = header.keyID, !HandoffHeader.isWellFormedKeyID(keyID) { throw .malformed(reason: "kid is not 1-64 of [A-Za-z0-9._-]") }
        guard header.issuedAt >= 0, header.expiresAt > header.issuedAt else { throw .malformed(reason: "exp is not after iat") }
        let headerJSON = CanonicalJSONWriter.bytes(ofSorted: header.members)
        let payloadJSON = CanonicalJSONWriter.bytes(ofSorted: payloadMembers)
        var envelope: [UInt8] = []
        // Room for both segments, the dots and an HS256 MAC: one allocation.
        envelope.reserveCapacity(Base64URL.encodedLength(of: headerJSON.count) + Base64URL.encodedLength(of: payloadJSON.count) + 45)
        Base64URL.append(encoding: headerJSON, to: &envelope)
        envelope.append(UInt8(ascii: "."))
        Base64URL.append(encoding: payloadJSON, to: &envelope)
        let mac = signer?.signature(for: envelope)
        envelope.append(UInt8(ascii: "."))
        if let mac { Base64URL.append(encoding: mac, to: &envelope) }
        guard envelope.count <= limits.maxBytes else { throw .tooLarge(size: envelope.count, limit: limits.maxBytes) }
        return String(decoding: envelope, as: UTF8.self)
    }
}
