import BatonJSON
import Foundation

/// A verified redeemer JWT (RFC 7519, JWS compact, HS256 only): the backend
/// mints it for its app with the shared `BATON_REDEEMER_JWT_SECRET`, and its
/// `sub` names the person redeeming.
///
/// Verification is deliberately narrow, where JWT libraries went wrong: the
/// algorithm comes from an allow-list of one (`HS256`; `none` and every
/// other value are refused before any MAC work), the MAC is checked in
/// constant time (libsodium) before the claims are read, `exp` is required,
/// the lifetime is bounded and `aud`/`iss` are checked when configured
/// (``RedeemerTokenPolicy``), and a token is at most 4096 bytes.
public struct RedeemerToken: Sendable, Equatable {
    /// The redeemer id: the `sub` claim, 1–256 UTF-8 bytes, no hidden
    /// characters (``IdentityText``).
    public let subject: String
    /// When it expires, unix seconds.
    public let expiresAt: Int64
    /// Who the token shows the redeemer to be, for invites bound to an
    /// invitee: the `sub`, the `email` when `email_verified` is `true`, and
    /// the `phone_number` when `phone_number_verified` is `true` (claims
    /// that don't parse as an address or E.164 number are left out).
    public let identities: [Invitee]

    /// The largest token accepted, in bytes.
    public static let maxBytes = 4096
    /// Clock difference tolerated on `exp` and `nbf`, in seconds.
    public static let allowedSkewSeconds: Int64 = 30

    /// Verifies `text` with `secret` at `now` (unix seconds) against `policy`.
    /// - Throws: ``RedeemerTokenError`` naming the first failed check;
    ///   ``RedeemerTokenError/invalidRedeemer(_:)`` when `sub`, `email` or
    ///   `phone_number` holds a hidden character (``InvalidRedeemer``),
    ///   verified or not.
    public init(verifying text: String, secret: [UInt8], now: Int64, policy: RedeemerTokenPolicy = RedeemerTokenPolicy())
        throws(RedeemerTokenError)
    {
        guard text.utf8.count <= Self.maxBytes else { throw .malformed }
        let segments = text.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count == 3, let headerBytes = Self.base64URL(segments[0]), let header = Self.object(headerBytes)
        else { throw .malformed }
        // The algorithm is judged before anything else is decoded, so an
        // unsigned (`alg: none`, empty third segment) token is named as such.
        guard header["alg"]?.string == "HS256", header["typ"].map({ $0.string == "JWT" }) ?? true,
            header["crit"] == nil
        else { throw .unsupportedAlgorithm }
        guard let payloadBytes = Self.base64URL(segments[1]), let mac = Self.base64URL(segments[2]) else { throw .malformed }
        let signingInput = Array(text.utf8.prefix(segments[0].utf8.count + 1 + segments[1].utf8.count))
        guard Sodium.constantTimeEqual(Sodium.hmacSHA256(key: secret, message: signingInput), mac) else { throw .badSignature }
        guard let claims = Self.object(payloadBytes) else { throw .malformed }
        guard let expiresAt = Self.integer(claims["exp"]) else { throw .missingExpiry }
        guard now < expiresAt + Self.allowedSkewSeconds else { throw .expired }
        if let notBefore = claims["nbf"] {
            guard let notBefore = Self.integer(notBefore) else { throw .missingExpiry }
            guard notBefore <= now + Self.allowedSkewSeconds else { throw .notYetValid }
        }
        guard policy.acceptsAudience(claims["aud"]) else { throw .wrongAudience }
        guard policy.issuer.map({ claims["iss"]?.string == $0 }) ?? true else { throw .wrongIssuer }
        var start = now
        if let issuedAt = claims["iat"] {
            guard let issuedAt = Self.integer(issuedAt) else { throw .missingExpiry }
            start = min(issuedAt, now)
        }
        guard expiresAt - start <= policy.maxLifetimeSeconds else { throw .lifetimeTooLong }
        guard let subject = claims["sub"]?.string, (1...256).contains(subject.utf8.count) else { throw .invalidSubject }
        let contact = ContactClaims(claims)
        do throws(InvalidRedeemer) {
            try InvalidRedeemer.check(subject, field: "sub")
            try contact.email.map { v throws(InvalidRedeemer) in try InvalidRedeemer.check(v, field: "email") }
            try contact.phoneNumber.map { v throws(InvalidRedeemer) in try InvalidRedeemer.check(v, field: "phone_number") }
        } catch {
            throw .invalidRedeemer(error)
        }
        self.subject = subject
        self.expiresAt = expiresAt
        var identities = [Invitee(subject: subject)].compactMap { $0 }
        if contact.emailVerified, let email = contact.email.flatMap(Invitee.init(email:)) { identities.append(email) }
        if contact.phoneNumberVerified, let phone = contact.phoneNumber.flatMap(Invitee.init(phone:)) { identities.append(phone) }
        self.identities = identities
    }

    /// The contact claims, each dropped when of another type: only a JSON
    /// `true` counts as verified, never `1` or `"true"`.
    private struct ContactClaims {
        let email: String?
        let emailVerified: Bool
        let phoneNumber: String?
        let phoneNumberVerified: Bool

        init(_ claims: [String: JSONValue]) {
            email = claims["email"]?.string
            emailVerified = claims["email_verified"] == .bool(true)
            phoneNumber = claims["phone_number"]?.string
            phoneNumberVerified = claims["phone_number_verified"] == .bool(true)
        }
    }

    /// Mints a token for `subject` expiring at `expiresAt`, with `claims`
    /// added (such as `email` and `email_verified`); for tests, the
    /// benchmark and backends written in Swift.
    public static func mint(subject: String, expiresAt: Int64, secret: [UInt8], claims extra: [String: JSONValue] = [:]) -> String {
        let header = encode(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8))
        let object = extra.merging(["sub": .string(subject), "exp": .int(Int(expiresAt))]) { _, fixed in fixed }
        let signingInput = header + "." + encode(Data(JSONValue.object(object).jsonText().utf8))
        return signingInput + "." + encode(Data(Sodium.hmacSHA256(key: secret, message: Array(signingInput.utf8))))
    }

    /// Unpadded base64url, as JWS writes it.
    public static func encode(_ data: Data) -> String {
        Base64URL.encode(Array(data))
    }

    /// Strict unpadded base64url: only `[A-Za-z0-9_-]`, never `=`.
    private static func base64URL(_ segment: Substring) -> [UInt8]? {
        guard !segment.isEmpty else { return nil }
        return Base64URL.decode(segment.utf8)
    }

    /// A JSON object read strictly (``JSONValue/init(parsing:)-([UInt8])``):
    /// a duplicate claim, such as two `sub`s that two readers would tell
    /// apart, makes the token malformed.
    private static func object(_ bytes: [UInt8]) -> [String: JSONValue]? {
        guard case .object(let members) = try? JSONValue(parsing: bytes) else { return nil }
        return members
    }

    /// A JSON whole number (not a boolean, not a fraction) within ±2^53.
    private static func integer(_ value: JSONValue?) -> Int64? {
        value?.int.map(Int64.init)
    }
}
