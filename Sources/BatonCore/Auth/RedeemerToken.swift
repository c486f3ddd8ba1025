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
        guard header["alg"] as? String == "HS256", header["typ"].map({ $0 as? String == "JWT" }) ?? true,
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
        guard policy.issuer.map({ claims["iss"] as? String == $0 }) ?? true else { throw .wrongIssuer }
        var start = now
        if let issuedAt = claims["iat"] {
            guard let issuedAt = Self.integer(issuedAt) else { throw .missingExpiry }
            start = min(issuedAt, now)
        }
        guard expiresAt - start <= policy.maxLifetimeSeconds else { throw .lifetimeTooLong }
        guard let subject = claims["sub"] as? String, (1...256).contains(subject.utf8.count) else { throw .invalidSubject }
        let contact = (try? JSONDecoder().decode(ContactClaims.self, from: Data(payloadBytes))) ?? ContactClaims()
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
        if contact.emailVerified == true, let email = contact.email.flatMap(Invitee.init(email:)) { identities.append(email) }
        if contact.phoneNumberVerified == true, let phone = contact.phoneNumber.flatMap(Invitee.init(phone:)) { identities.append(phone) }
        self.identities = identities
    }

    /// The contact claims, each read on its own and dropped when of another
    /// type: JSONDecoder reads only a JSON `true` or `false` as a Bool, never 1 or "true".
    private struct ContactClaims: Decodable {
        var email: String?
        var emailVerified: Bool?
        var phoneNumber: String?
        var phoneNumberVerified: Bool?

        private enum CodingKeys: String, CodingKey {
            case email, emailVerified = "email_verified", phoneNumber = "phone_number", phoneNumberVerified = "phone_number_verified"
        }

        init() {}

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            email = try? container.decode(String.self, forKey: .email)
            emailVerified = try? container.decode(Bool.self, forKey: .emailVerified)
            phoneNumber = try? container.decode(String.self, forKey: .phoneNumber)
            phoneNumberVerified = try? container.decode(Bool.self, forKey: .phoneNumberVerified)
        }
    }

    /// Mints a token for `subject` expiring at `expiresAt`, with `claims`
    /// added (such as `email` and `email_verified`); for tests, the
    /// benchmark and backends written in Swift.
    public static func mint(subject: String, expiresAt: Int64, secret: [UInt8], claims extra: [String: any Sendable] = [:]) -> String {
        let header = encode(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8))
        let object = extra.merging(["sub": subject, "exp": expiresAt]) { _, fixed in fixed }
        let claims = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        let signingInput = header + "." + encode(claims)
        return signingInput + "." + encode(Data(Sodium.hmacSHA256(key: secret, message: Array(signingInput.utf8))))
    }

    /// Unpadded base64url, as JWS writes it.
    public static func encode(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Strict unpadded base64url: only `[A-Za-z0-9_-]`, never `=`.
    private static func base64URL(_ segment: Substring) -> [UInt8]? {
        guard !segment.isEmpty, segment.utf8.count % 4 != 1, segment.utf8.allSatisfy(isSymbol) else { return nil }
        var text = segment.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        text += String(repeating: "=", count: (4 - text.utf8.count % 4) % 4)
        return Data(base64Encoded: text).map(Array.init)
    }

    private static func isSymbol(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    private static func object(_ bytes: [UInt8]) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
    }

    /// A JSON whole number (not a boolean, not a fraction) within ±2^53.
    private static func integer(_ value: Any?) -> Int64? {
        guard !(value is Bool), let number = value as? NSNumber else { return nil }
        let double = number.doubleValue
        guard double.rounded() == double, abs(double) <= 9_007_199_254_740_991 else { return nil }
        return Int64(double)
    }
}
