import BatonJSON

/// The error answers many operations share. Each is one
/// `components/responses` entry named `<Name><status>` whose body is the
/// common `Error` schema; operations list the ones they can give.
enum OpenAPISharedResponse: String, CaseIterable {
    case invalidRequest = "InvalidRequest400"
    case invalidApiKey = "InvalidApiKey401"
    case missingScope = "MissingScope403"
    case inviteNotFound = "InviteNotFound404"
    case methodNotAllowed = "MethodNotAllowed405"
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

    /// The component: the error answer with its headers (`X-Request-Id` on
    /// every one, `Retry-After`, `Allow` or `WWW-Authenticate` where the server sends them).
    var answer: OpenAPIDocument.Object {
        var answer = OpenAPIDocument.errorAnswer(meaning).with(header: "X-Request-Id", OpenAPIDocument.reference("headers", "RequestId"))
        switch self {
        case .rateLimited, .unavailable, .idempotencyKeyInUse:
            answer = answer.with(header: "Retry-After", OpenAPIDocument.reference("headers", "RetryAfter"))
        case .methodNotAllowed: answer = answer.with(header: "Allow", OpenAPIDocument.reference("headers", "Allow"))
        case .invalidApiKey: answer = answer.with(header: "WWW-Authenticate", OpenAPIDocument.reference("headers", "WWWAuthenticate"))
        default: break
        }
        return answer.json
    }

    /// The HTTP status the answer is documented under.
    var status: String { String(rawValue.suffix(3)) }

    /// The answer's description: when it is given, with the error codes it carries.
    var meaning: String {
        switch self {
        case .invalidRequest:
            "Malformed JSON, a wrong type, a malformed Idempotency-Key, a request URI with control characters, or a Content-Length and Transfer-Encoding that disagree (invalid_request, invalid_idempotency_key, ambiguous_framing)"
        case .invalidApiKey: "No usable API key (invalid_api_key)"
        case .missingScope: "The key lacks the scope; details.required_scope names it (insufficient_scope)"
        case .inviteNotFound: "No such invite (invite_not_found)"
        case .methodNotAllowed: "The path does not take this method; Allow and details.allowed list the ones it takes (method_not_allowed)"
        case .idempotencyKeyInUse: "A request with this Idempotency-Key is still running (idempotency_key_in_use)"
        case .inviteExpired: "The invite can no longer be used (invite_expired, invite_revoked, invite_used_up, invite_reissued)"
        case .requestTooLarge: "Body too large (request_too_large)"
        case .unsupportedMediaType: "Body is not JSON (unsupported_media_type)"
        case .validationFailedOrKeyReused:
            "A field out of bounds, unknown, repeated or beyond a double's precision (details.field), an invite locale not supported (details.supported), the key reused with another body, or the response stored for the key cannot be read (validation_failed, unsupported_locale, unknown_field, duplicate_field, number_out_of_range, idempotency_key_reused, idempotency_record_unreadable)"
        case .rateLimited: "Rate limited; see Retry-After (rate_limited)"
        case .unavailable:
            "Database unavailable, or too many request bodies in flight: retry after Retry-After; or, creating invites, no unused code left (unavailable, code_space_exhausted)"
        }
    }
}
