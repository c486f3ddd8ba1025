/// Why a redeemer's bearer JWT was refused. Every case but
/// ``invalidRedeemer(_:)`` answers 401 `invalid_token`; ``reason`` says
/// which check failed, from a fixed list, never with bytes of the token.
public enum RedeemerTokenError: Error, Equatable, Sendable {
    /// JWT redeemers are off: `BATON_REDEEMER_JWT_SECRET` is unset.
    case disabled
    /// Not three base64url segments of JSON objects, or too long.
    case malformed
    /// `alg` is not `HS256` (`none` included), or `typ` is not `JWT`.
    case unsupportedAlgorithm
    /// The MAC does not match under the configured secret.
    case badSignature
    /// No `exp`, or `exp`/`nbf`/`iat` not whole numbers.
    case missingExpiry
    /// `exp` has passed (beyond the allowed skew).
    case expired
    /// `nbf` is in the future (beyond the allowed skew).
    case notYetValid
    /// `aud` does not name the configured audience (or is missing).
    case wrongAudience
    /// `iss` is not the configured issuer (or is missing).
    case wrongIssuer
    /// `exp` is further from `iat` (or from now) than the configured lifetime.
    case lifetimeTooLong
    /// `sub` is missing, empty or longer than 256 bytes.
    case invalidSubject
    /// A well-signed token whose `sub`, `email` or `phone_number` holds a
    /// hidden character: 422 `invalid_redeemer`, as the same id in a body.
    case invalidRedeemer(InvalidRedeemer)

    /// The API error code: `invalid_token`, or `invalid_redeemer`.
    public var code: String {
        guard case .invalidRedeemer(let refusal) = self else { return "invalid_token" }
        return refusal.code
    }

    /// Which check failed, for `error.details.reason`.
    public var reason: String {
        switch self {
        case .disabled: "jwt_disabled"
        case .malformed: "malformed"
        case .unsupportedAlgorithm: "unsupported_algorithm"
        case .badSignature: "bad_signature"
        case .missingExpiry: "missing_expiry"
        case .expired: "expired"
        case .notYetValid: "not_yet_valid"
        case .wrongAudience: "wrong_audience"
        case .wrongIssuer: "wrong_issuer"
        case .lifetimeTooLong: "lifetime_too_long"
        case .invalidSubject: "invalid_subject"
        case .invalidRedeemer: "hidden_character"
        }
    }

    /// A sentence for people; contains nothing from the token.
    public var message: String {
        switch self {
        case .disabled: "This server does not accept redeemer tokens; use an API key."
        case .malformed: "The bearer token is not a well-formed JWT."
        case .unsupportedAlgorithm: "The bearer token's algorithm is not allowed; only HS256 is."
        case .badSignature: "The bearer token's signature does not match."
        case .missingExpiry: "The bearer token has no usable exp claim."
        case .expired: "The bearer token has expired."
        case .notYetValid: "The bearer token is not valid yet."
        case .wrongAudience: "The bearer token is not meant for this server (aud)."
        case .wrongIssuer: "The bearer token was not issued by the configured issuer (iss)."
        case .lifetimeTooLong: "The bearer token lives longer than this server allows; mint shorter-lived tokens."
        case .invalidSubject: "The bearer token's sub claim is not a usable redeemer id."
        case .invalidRedeemer(let refusal): "The bearer token's " + refusal.message
        }
    }
}

extension RedeemerTokenError: CustomStringConvertible {
    /// Code, reason and message; safe to log.
    public var description: String { "\(code) (\(reason)): \(message)" }
}
