/// The error answers many operations share. Each is one
/// `components/responses` entry named `<Name><status>` whose body is the
/// common `Error` schema; operations list the ones they can give.
enum OpenAPISharedResponse: String, CaseIterable {
    case invalidRequest = "InvalidRequest400"
    case invalidApiKey = "InvalidApiKey401"
    case missingScope = "MissingScope403"
    case inviteNotFound = "InviteNotFound404"
    case idempotencyKeyInUse = "IdempotencyKeyInUse409"
    case inviteExpired = "InviteExpired410"
    case requestTooLarge = "RequestTooLarge413"
    case unsupportedMediaType = "UnsupportedMediaType415"
    case validationFailedOrKeyReused = "ValidationFailedOrKeyReused422"
    case rateLimited = "RateLimited429"
    case unavailable = "Unavailable503"

    /// The refusals of a route that needs an API key with a scope (429: the
    /// key's own limit, or too many failed keys from the client's address).
    static let keyed: [Self] = [.invalidApiKey, .missingScope, .rateLimited]
    /// The refusals of a route that reads a JSON body.
    static let jsonBody: [Self] = [.invalidRequest, .requestTooLarge, .unsupportedMediaType]

    /// The HTTP status the answer is documented under.
    var status: String { String(rawValue.suffix(3)) }

    /// The answer's description: when it is given, with the error codes it carries.
    var meaning: String {
        switch self {
        case .invalidRequest:
            "Malformed JSON, a wrong type, a malformed Idempotency-Key, or a request URI with control characters (invalid_request, invalid_idempotency_key)"
        case .invalidApiKey: "No usable API key (invalid_api_key)"
        case .missingScope: "The key lacks the scope (missing_scope)"
        case .inviteNotFound: "No such invite (invite_not_found)"
        case .idempotencyKeyInUse: "A request with this Idempotency-Key is still running (idempotency_key_in_use)"
        case .inviteExpired: "The invite can no longer be used (invite_expired, invite_revoked, invite_used_up, invite_reissued)"
        case .requestTooLarge: "Body too large (request_too_large)"
        case .unsupportedMediaType: "Body is not JSON (unsupported_media_type)"
        case .validationFailedOrKeyReused:
            "A field out of bounds, unknown, repeated or beyond a double's precision (details.field), or the key reused with another body (validation_failed, unknown_field, duplicate_field, number_out_of_range, idempotency_key_reused)"
        case .rateLimited: "Rate limited; see Retry-After (rate_limited)"
        case .unavailable: "Database unavailable, or too many request bodies in flight; retry after Retry-After (unavailable)"
        }
    }
}
