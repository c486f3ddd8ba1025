import BatonJSON

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

    /// A server-minted `invite` envelope MAC'd by `signer`'s current key,
    /// whose `jti` is `id`, in the oldest schema version whose readers accept
    /// `payload` (``HandoffPayload/mintingVersion``): 2 when it names an
    /// inviter, so apps built before version 3 still read it; 3 when it does
    /// not, which those apps forward unread instead of refusing.
    ///
    /// `id` must be fresh randomness for every envelope (the server's
    /// single-use key; two previews in the same second must not mint the same
    /// bytes). This library holds no randomness source of its own, so the
    /// minting server supplies it.
    ///
    /// `signer` is generic rather than `any HandoffSigner`: the server's
    /// keyring is a large struct, and boxing it as an existential cost an
    /// allocation and a copy per mint.
    ///
    /// - Throws: `handoff_invalid_payload` when `payload` breaks the schema,
    ///   `handoff_malformed` when `expiresAt` is not after `issuedAt` or `id`
    ///   is not 16–64 base64url symbols, `handoff_too_large` when the result
    ///   would exceed the limit.
    public func mintInvite(
        _ payload: HandoffPayload, id: String, issuedAt: Int64, expiresAt: Int64, signer: some HandoffSigner
    ) throws(HandoffError) -> String {
        let header = HandoffHeader(
            algorithm: .hs256, keyID: signer.signingKeyID, kind: .invite, version: payload.mintingVersion, issuedAt: issuedAt,
            expiresAt: expiresAt,
            id: id
        )
        try payload.checkVersion1(kind: .invite)
        return try mint(header: header, payloadBytes: payload.version1ValueBytes, sign: { signer.signature(for: $0) }) {
            payload.writeVersion1Members(to: &$0)
        }
    }

    /// A device-minted, unsigned `typed_code` envelope (schema version 1) for
    /// a code typed into the clip before any network call. It stays at
    /// version 1 (version 2 changed only signed envelopes), so an app older
    /// than the clip still reads it.
    ///
    /// - Throws: as ``mintInvite(_:id:issuedAt:expiresAt:signer:)``.
    public func mintTypedCode(_ code: String, issuedAt: Int64, expiresAt: Int64) throws(HandoffError) -> String {
        let header = HandoffHeader(algorithm: .none, keyID: nil, kind: .typedCode, version: 1, issuedAt: issuedAt, expiresAt: expiresAt)
        let payload = HandoffPayload(credential: HandoffCredential(form: .code, value: code))
        try payload.checkVersion1(kind: .typedCode)
        return try mint(header: header, payloadBytes: payload.version1ValueBytes, sign: { _ in nil }) {
            payload.writeVersion1Members(to: &$0)
        }
    }

    /// The envelope for `header` and `payloadFields`, MAC'd by `signer` when
    /// the header's algorithm is `HS256`. For registering new schema versions
    /// and building test vectors: it checks the header and size, not the payload.
    ///
    /// - Throws: `handoff_unsupported_algorithm` when `signer` and the
    ///   algorithm disagree or the kind needs the other algorithm,
    ///   `handoff_malformed` for a bad key id, times or `jti` (present
    ///   exactly on signed envelopes of version 2 on), `handoff_too_large`.
    public func mint(header: HandoffHeader, payloadFields: HandoffFields, signer: (any HandoffSigner)?) throws(HandoffError) -> String {
        guard (header.algorithm == .hs256) == (signer != nil) else { throw .unsupportedAlgorithm }
        let members = payloadFields.sortedMembers
        return try mint(header: header, payloadBytes: CanonicalJSONWriter.capacity(for: members), sign: { signer?.signature(for: $0) }) {
            writer in
            for (key, value) in members { writer.member(key, value) }
        }
    }

    /// The envelope whose payload members `writePayload` writes in canonical
    /// key order, its MAC `sign`'s answer for the signing input (nil for an
    /// unsigned envelope; the callers pair a signer with `HS256`). Both
    /// objects' JSON goes into one buffer (about `payloadBytes` plus the fixed
    /// keys), the envelope into another sized once for segments, dots and an
    /// HS256 MAC; the string is made at the end.
    private func mint(
        header: HandoffHeader, payloadBytes: Int, sign: ([UInt8]) -> [UInt8]?, writePayload: (inout CanonicalJSONWriter) -> Void
    ) throws(HandoffError) -> String {
        guard header.algorithm == header.kind.algorithm else { throw .unsupportedAlgorithm }
        if let keyID = header.keyID, !HandoffHeader.isWellFormedKeyID(keyID) {
            throw .malformed(reason: "kid is not 1-64 of [A-Za-z0-9._-]")
        }
        let needsID = header.version >= HandoffHeader.firstVersionWithID && header.algorithm == .hs256
        guard needsID == (header.id != nil) else { throw .malformed(reason: "jti is present exactly on signed version-2 handoffs") }
        if let id = header.id, !HandoffHeader.isWellFormedID(id) { throw .malformed(reason: "jti is not 16-64 of [A-Za-z0-9_-]") }
        guard header.issuedAt >= 0, header.expiresAt > header.issuedAt else { throw .malformed(reason: "exp is not after iat") }
        let headerTextBytes = (header.keyID?.utf8.count ?? 0) + (header.id?.utf8.count ?? 0)
        var json = CanonicalJSONWriter(capacity: Self.fixedJSONBytes + headerTextBytes + payloadBytes)
        json.open()
        header.writeMembers(to: &json)
        json.close()
        let headerEnd = json.bytes.count
        json.open()
        writePayload(&json)
        json.close()
        let signingLength = Base64URL.encodedLength(of: headerEnd) + 1 + Base64URL.encodedLength(of: json.bytes.count - headerEnd)
        var envelope = [UInt8](unsafeUninitializedCapacity: signingLength + 1 + Self.encodedMACLength) { buffer, count in
            json.bytes.withUnsafeBufferPointer { input in
                var position = Base64URL.encode(UnsafeBufferPointer(rebasing: input[..<headerEnd]), into: buffer.baseAddress!)
                buffer[position] = UInt8(ascii: ".")
                position += 1
                position += Base64URL.encode(UnsafeBufferPointer(rebasing: input[headerEnd...]), into: buffer.baseAddress! + position)
                count = position
            }
        }
        let mac = sign(envelope)
        envelope.append(UInt8(ascii: "."))
        if let mac { Base64URL.append(encoding: mac, to: &envelope) }
        guard envelope.count <= limits.maxBytes else { throw .tooLarge(size: envelope.count, limit: limits.maxBytes) }
        return String(decoding: envelope, as: UTF8.self)
    }

    /// The JSON bytes of both objects beyond their values: keys, quotes,
    /// punctuation and header values up to 20-digit times, rounded up.
    private static let fixedJSONBytes = 256
    /// An HS256 MAC (32 bytes) in unpadded base64url; computed, not a lazily initialised global.
    private static var encodedMACLength: Int { Base64URL.encodedLength(of: 32) }
}
