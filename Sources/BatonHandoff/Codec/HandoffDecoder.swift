import Foundation

/// Decodes and checks handoff envelopes, stopping at the first failure.
///
/// Order (docs/handoff-envelope.md): total size before any parsing; then the header —
/// format (`typ`, `iat`, `exp`), version, kind, algorithm, key id, MAC
/// segment shape; then validity in time (`exp`, `iat`, with the allowed
/// skew); then the payload; then, on the server path only, the MAC.
///
/// Costs: rejecting an oversized input reads only its length. Decoding never
/// recurses (the JSON is flat) and never copies the input: it holds at most
/// the decoded header and payload bytes, the strings read from them and, on
/// the server path, the signed bytes — together under 3× the input's size.
public struct HandoffDecoder: Sendable {
    /// Which envelopes are acceptable and how far they are checked.
    public enum Policy: Sendable {
        /// The server: only `HS256` with a known key id, and the MAC is verified.
        /// `alg: none` is always `handoff_unsupported_algorithm` here.
        case server(any HandoffVerifier)
        /// The clip and the app, which hold no key: `HS256` envelopes are
        /// checked except for their MAC (``HandoffAuthenticity/unverified``),
        /// and unsigned `typed_code` envelopes are accepted as untrusted input.
        case device
    }

    /// Which envelopes are acceptable.
    public let policy: Policy
    /// Size limit and clock skew.
    public let limits: HandoffLimits
    private let clock: @Sendable () -> Date

    /// A decoder; inject `clock` to test expiry.
    public init(policy: Policy, limits: HandoffLimits = HandoffLimits(), clock: @escaping @Sendable () -> Date = { Date() }) {
        self.policy = policy
        self.limits = limits
        self.clock = clock
    }

    /// Decodes `text` with the library's versions (1 and 2).
    ///
    /// - Throws: the first failing check as a ``HandoffError``.
    public func decode(_ text: String) throws(HandoffError) -> HandoffEnvelope {
        try decode(text, registry: .standard)
    }

    /// Decodes `text`, reading and upgrading its payload through `registry`.
    ///
    /// - Throws: the first failing check as a ``HandoffError``; an unknown
    ///   version is `handoff_unsupported_version` with found and supported versions.
    public func decode<Payload>(_ text: String, registry: HandoffVersionRegistry<Payload>) throws(HandoffError) -> DecodedHandoff<Payload> {
        try withFrame(of: text) { (frame) throws(HandoffError) in
            let headerFields = try frame.headerFields()
            let header = try checkedHeader(headerFields, registry: registry)
            let authenticity = try checkedMACShape(frame, header: header)
            try checkValidity(issuedAt: header.issuedAt, expiresAt: header.expiresAt)
            let payload = try registry.read(try frame.payloadFields(), kind: header.kind, version: header.version)
            try verifyMAC(frame, header: header)
            return DecodedHandoff(raw: text, header: header, payload: payload, authenticity: authenticity)
        }
    }

    /// Checks size, then lends the input's bytes, split into segments, to `body`.
    func withFrame<Result>(of text: String, _ body: (HandoffFrame) throws(HandoffError) -> Result) throws(HandoffError) -> Result {
        let size = text.utf8.count
        guard size <= limits.maxBytes else { throw .tooLarge(size: size, limit: limits.maxBytes) }
        var text = text
        text.makeContiguousUTF8()
        let outcome = text.utf8.withContiguousStorageIfAvailable { bytes in
            Swift.Result { () throws(HandoffError) in try body(try HandoffFrame(bytes)) }
        }
        guard let outcome else { throw .malformed(reason: "input is not contiguous UTF-8") }
        return try outcome.get()
    }

    private func checkedHeader<Payload>(_ fields: HandoffFields, registry: HandoffVersionRegistry<Payload>) throws(HandoffError)
        -> HandoffHeader
    {
        let frame = try HandoffHeader.Frame(fields)
        try registry.requireKnown(frame.version)
        let header = try HandoffHeader(fields, frame: frame)
        if case .server(let verifier) = policy {
            guard header.algorithm == .hs256 else { throw .unsupportedAlgorithm }
            guard let keyID = header.keyID, verifier.hasKey(keyID) else { throw .unknownKey }
        }
        return header
    }

    /// An HS256 MAC is 32 bytes; an unsigned envelope ends with an empty segment.
    /// Returns what the envelope will be worth if every later check passes.
    private func checkedMACShape(_ frame: HandoffFrame, header: HandoffHeader) throws(HandoffError) -> HandoffAuthenticity {
        switch header.algorithm {
        case .hs256:
            guard frame.mac.count == 43, frame.macBytes()?.count == 32 else { throw .malformed(reason: "MAC segment is not 32 bytes") }
            if case .server = policy { return .verified }
            return .unverified
        case .none:
            guard frame.mac.isEmpty else { throw .malformed(reason: "MAC segment on an unsigned handoff") }
            return .deviceMinted
        }
    }

    /// Refuses an envelope past `exp` or dated after now, each beyond the skew.
    func checkValidity(issuedAt: Int64, expiresAt: Int64) throws(HandoffError) {
        let now = Int64(clock().timeIntervalSince1970.rounded(.down))
        guard now < expiresAt + limits.allowedSkew else { throw .expired(expiresAt: expiresAt) }
        guard issuedAt <= now + limits.allowedSkew else { throw .notYetValid(issuedAt: issuedAt) }
    }

    private func verifyMAC(_ frame: HandoffFrame, header: HandoffHeader) throws(HandoffError) {
        guard case .server(let verifier) = policy, let keyID = header.keyID else { return }
        guard let mac = frame.macBytes(), verifier.isValidSignature(mac, for: frame.signingInput, keyID: keyID) else {
            throw .badSignature
        }
    }
}
