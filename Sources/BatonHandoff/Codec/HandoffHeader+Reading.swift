import BatonJSON

/// Reading the header in the decoder's order: frame (`typ`, `iat`, `exp`),
/// then version, then the version's own fields (kind, algorithm, key id).
extension HandoffHeader {
    private static let version1Keys: Set<String> = ["alg", "exp", "iat", "kid", "kind", "typ", "v"]
    private static let knownKeys = version1Keys.union(["jti"])
    private static let maxKeyIDLength = 64
    /// A `jti` is 16 to 64 base64url symbols: at least 96 bits when random.
    private static let idLengths = 16...64

    /// The part every version keeps: checks `typ` and reads `v`, `iat`, `exp`.
    struct Frame {
        let version: Int
        let issuedAt: Int64
        let expiresAt: Int64

        init(_ fields: HandoffFields) throws(HandoffError) {
            let type = try fields.string("typ", else: .malformed(reason: "typ missing or not a string"))
            guard type == HandoffHeader.type else { throw .malformed(reason: "typ is not baton-handoff+jws") }
            let version = try fields.integer("v", else: .malformed(reason: "v missing or not an integer"))
            issuedAt = try fields.integer("iat", else: .malformed(reason: "iat missing or not an integer"))
            expiresAt = try fields.integer("exp", else: .malformed(reason: "exp missing or not an integer"))
            guard issuedAt >= 0, expiresAt > issuedAt else { throw .malformed(reason: "exp is not after iat") }
            guard let narrowed = Int(exactly: version) else { throw .malformed(reason: "v out of range") }
            self.version = narrowed
        }
    }

    /// Reads a header whose version is known: kind, then algorithm, then key
    /// id, then (from version 2) the envelope id.
    ///
    /// - Throws: `handoff_unsupported_kind`, `handoff_unsupported_algorithm`
    ///   (unknown `alg`, or not the one its kind is minted with), or
    ///   `handoff_malformed` for an unknown member or a missing, extra or
    ///   ill-formed `kid` or `jti`.
    init(_ fields: HandoffFields, frame: Frame) throws(HandoffError) {
        let hasIDs = frame.version >= Self.firstVersionWithID
        try fields.requireOnly(hasIDs ? Self.knownKeys : Self.version1Keys, else: .malformed(reason: "unknown header member"))
        let kindName = try fields.string("kind", else: .malformed(reason: "kind missing or not a string"))
        guard let kind = HandoffKind(rawValue: kindName) else { throw .unsupportedKind }
        let algorithmName = try fields.string("alg", else: .malformed(reason: "alg missing or not a string"))
        guard let algorithm = HandoffAlgorithm(rawValue: algorithmName), algorithm == kind.algorithm else {
            throw .unsupportedAlgorithm
        }
        let keyID = try fields.optionalString("kid", else: .malformed(reason: "kid is not a string"))
        switch (algorithm, keyID) {
        case (.hs256, let keyID?):
            guard Self.isWellFormedKeyID(keyID) else { throw .malformed(reason: "kid is not 1-64 of [A-Za-z0-9._-]") }
        case (.hs256, nil): throw .malformed(reason: "kid missing")
        case (.none, nil): break
        case (.none, .some): throw .malformed(reason: "kid on an unsigned handoff")
        }
        let id = try fields.optionalString("jti", else: .malformed(reason: "jti is not a string"))
        switch (hasIDs && algorithm == .hs256, id) {
        case (true, let id?):
            guard Self.isWellFormedID(id) else { throw .malformed(reason: "jti is not 16-64 of [A-Za-z0-9_-]") }
        case (true, nil): throw .malformed(reason: "jti missing")
        case (false, nil): break
        case (false, .some): throw .malformed(reason: "jti on an unsigned handoff")
        }
        self.init(
            algorithm: algorithm, keyID: keyID, kind: kind, version: frame.version,
            issuedAt: frame.issuedAt, expiresAt: frame.expiresAt, id: id
        )
    }

    static func isWellFormedID(_ id: String) -> Bool {
        idLengths.contains(id.utf8.count) && id.utf8.allSatisfy(Base64URL.isSymbol)
    }

    static func isWellFormedKeyID(_ keyID: String) -> Bool {
        (1...maxKeyIDLength).contains(keyID.utf8.count)
            && keyID.utf8.allSatisfy { Base64URL.isSymbol($0) || $0 == UInt8(ascii: ".") }
    }
}
