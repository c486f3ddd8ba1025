import BatonJSON
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension BatonError {
    /// Every error code the server answers with, as `error.code` spells it.
    /// A test compares this list with the `error.code` enum of the server's
    /// OpenAPI document, which the server derives from its own typed errors.
    public enum Code: String, CaseIterable, Sendable {
        case inviteNotFound = "invite_not_found", inviteExpired = "invite_expired", inviteRevoked = "invite_revoked"
        case inviteUsedUp = "invite_used_up", handoffAlreadyUsed = "handoff_already_used", invalidCode = "invalid_code"
        case invalidInvocation = "invalid_invocation", inviteReissued = "invite_reissued"
        case inviteNotActive = "invite_not_active", maxRedemptionsBelowCount = "max_redemptions_below_count"
        case inviteeMismatch = "invitee_mismatch", selfRedemption = "self_redemption"
        case familyNotFound = "family_not_found", unsupportedLocale = "unsupported_locale"
        case webhookEndpointNotFound = "webhook_endpoint_not_found"
        case webhookEndpointManagedByConfig = "webhook_endpoint_managed_by_config"
        case webhookURLNotAllowed = "webhook_url_not_allowed"
        case webhookSignatureSchemeUnknown = "webhook_signature_scheme_unknown"
        case eventNotFound = "event_not_found", invalidCursor = "invalid_cursor"
        case handoffTooLarge = "handoff_too_large", handoffMalformed = "handoff_malformed"
        case handoffUnsupportedVersion = "handoff_unsupported_version", handoffUnsupportedKind = "handoff_unsupported_kind"
        case handoffUnsupportedAlgorithm = "handoff_unsupported_algorithm", handoffUnknownKey = "handoff_unknown_key"
        case handoffExpired = "handoff_expired", handoffNotYetValid = "handoff_not_yet_valid"
        case handoffInvalidPayload = "handoff_invalid_payload", handoffBadSignature = "handoff_bad_signature"
        case invalidApiKey = "invalid_api_key", insufficientScope = "insufficient_scope", invalidToken = "invalid_token"
        case invalidRedeemer = "invalid_redeemer"
        case rateLimited = "rate_limited", unavailable = "unavailable", codeSpaceExhausted = "code_space_exhausted"
        case invalidRequest = "invalid_request", validationFailed = "validation_failed", unknownField = "unknown_field"
        case duplicateField = "duplicate_field", numberOutOfRange = "number_out_of_range"
        case invalidParameter = "invalid_parameter", invalidRange = "invalid_range", rangeTooLarge = "range_too_large"
        case invalidGroupBy = "invalid_group_by", invalidView = "invalid_view"
        case reportTooLarge = "report_too_large", reportTimeout = "report_timeout"
        case invalidIdempotencyKey = "invalid_idempotency_key", idempotencyKeyInUse = "idempotency_key_in_use"
        case idempotencyKeyReused = "idempotency_key_reused", idempotencyRecordUnreadable = "idempotency_record_unreadable"
        case notFound = "not_found", methodNotAllowed = "method_not_allowed", requestTooLarge = "request_too_large"
        case uriTooLong = "uri_too_long", unsupportedMediaType = "unsupported_media_type", headersTooLarge = "headers_too_large"
        case ambiguousFraming = "ambiguous_framing", internalError = "internal_error"
    }

    /// The error as the server answered it: `code` with its `details`;
    /// `retryAfter` is the `Retry-After` header's seconds, when there was one.
    /// The switch has no default, so every ``Code`` has its case.
    init(code: Code, details: [String: JSONValue], retryAfter: Int?) {
        let field = details["field"]?.string
        let reason = details["reason"]?.string ?? ""
        self =
            switch code {
            case .inviteNotFound: .inviteNotFound
            case .inviteExpired: .inviteExpired
            case .inviteRevoked: .inviteRevoked
            case .inviteUsedUp: .inviteUsedUp
            case .handoffAlreadyUsed: .handoffAlreadyUsed
            case .inviteeMismatch: .inviteeMismatch
            case .selfRedemption: .selfRedemption
            case .familyNotFound: .familyNotFound
            case .unsupportedLocale: .unsupportedLocale(supported: details["supported"]?.strings ?? [])
            case .webhookEndpointNotFound: .webhookEndpointNotFound
            case .webhookEndpointManagedByConfig: .webhookEndpointManagedByConfig
            case .webhookURLNotAllowed: .webhookURLNotAllowed(addressClass: details["address_class"]?.string)
            case .webhookSignatureSchemeUnknown: .webhookSignatureSchemeUnknown
            case .eventNotFound: .eventNotFound
            case .invalidCursor: .invalidCursor
            case .invalidCode: .invalidCode(reason: reason)
            case .invalidInvocation: .invalidInvocation(reason: reason)
            case .inviteReissued: .inviteReissued
            case .inviteNotActive: .inviteNotActive
            case .maxRedemptionsBelowCount: .maxRedemptionsBelowCount(count: details["redemption_count"]?.int)
            case .handoffTooLarge: .handoffTooLarge
            case .handoffMalformed: .handoffMalformed
            case .handoffUnsupportedVersion:
                .handoffUnsupportedVersion(found: details["found"]?.int, supported: details["supported"]?.ints ?? [])
            case .handoffUnsupportedKind: .handoffUnsupportedKind
            case .handoffUnsupportedAlgorithm: .handoffUnsupportedAlgorithm
            case .handoffUnknownKey: .handoffUnknownKey
            case .handoffExpired: .handoffExpired
            case .handoffNotYetValid: .handoffNotYetValid
            case .handoffInvalidPayload: .handoffInvalidPayload
            case .handoffBadSignature: .handoffBadSignature
            case .invalidApiKey: .invalidApiKey
            case .insufficientScope: .insufficientScope(required: details["required_scope"]?.string)
            case .invalidToken: .invalidToken(reason: reason)
            case .invalidRedeemer: .invalidRedeemer(field: field)
            case .rateLimited: .rateLimited(retryAfter: retryAfter ?? details["retry_after_seconds"]?.int ?? 1)
            case .unavailable: .unavailable(retryAfter: retryAfter)
            case .codeSpaceExhausted: .codeSpaceExhausted
            case .invalidRequest: .invalidRequest(field: field)
            case .validationFailed: .validationFailed(field: field)
            case .unknownField: .unknownField(field)
            case .duplicateField: .duplicateField(field)
            case .numberOutOfRange: .numberOutOfRange(field)
            case .invalidParameter: .invalidParameter(field: field)
            case .invalidRange: .invalidRange
            case .rangeTooLarge: .rangeTooLarge
            case .invalidGroupBy: .invalidGroupBy
            case .invalidView: .invalidView
            case .reportTooLarge: .reportTooLarge(cells: details["cells"]?.int, limit: details["limit"]?.int)
            case .reportTimeout: .reportTimeout
            case .invalidIdempotencyKey: .invalidIdempotencyKey
            case .idempotencyKeyInUse: .idempotencyKeyInUse(retryAfter: retryAfter)
            case .idempotencyKeyReused: .idempotencyKeyReused
            case .idempotencyRecordUnreadable: .idempotencyRecordUnreadable
            case .notFound: .notFound
            case .methodNotAllowed: .methodNotAllowed(allowed: details["allowed"]?.strings ?? [])
            case .requestTooLarge: .requestTooLarge
            case .uriTooLong: .uriTooLong
            case .unsupportedMediaType: .unsupportedMediaType
            case .headersTooLarge: .headersTooLarge
            case .ambiguousFraming: .ambiguousFraming
            case .internalError: .internalError(requestID: details["request_id"]?.string)
            }
    }

    /// The stable machine code to log, such as `invite_expired`;
    /// `server_unreachable` and `unexpected_response` for the transport's failures.
    public var code: String {
        switch self {
        case .unknown(let code, _): code
        case .transport: "server_unreachable"
        case .unexpectedResponse: "unexpected_response"
        default: knownCode?.rawValue ?? "unexpected_response"
        }
    }

    /// The server's code of this case; nil for ``unknown(code:status:)`` and the transport's failures.
    public var knownCode: Code? {
        switch self {
        case .inviteNotFound: .inviteNotFound
        case .inviteExpired: .inviteExpired
        case .inviteRevoked: .inviteRevoked
        case .inviteUsedUp: .inviteUsedUp
        case .handoffAlreadyUsed: .handoffAlreadyUsed
        case .inviteeMismatch: .inviteeMismatch
        case .selfRedemption: .selfRedemption
        case .familyNotFound: .familyNotFound
        case .unsupportedLocale: .unsupportedLocale
        case .webhookEndpointNotFound: .webhookEndpointNotFound
        case .webhookEndpointManagedByConfig: .webhookEndpointManagedByConfig
        case .webhookURLNotAllowed: .webhookURLNotAllowed
        case .webhookSignatureSchemeUnknown: .webhookSignatureSchemeUnknown
        case .eventNotFound: .eventNotFound
        case .invalidCursor: .invalidCursor
        case .invalidCode: .invalidCode
        case .invalidInvocation: .invalidInvocation
        case .inviteReissued: .inviteReissued
        case .inviteNotActive: .inviteNotActive
        case .maxRedemptionsBelowCount: .maxRedemptionsBelowCount
        case .handoffTooLarge: .handoffTooLarge
        case .handoffMalformed: .handoffMalformed
        case .handoffUnsupportedVersion: .handoffUnsupportedVersion
        case .handoffUnsupportedKind: .handoffUnsupportedKind
        case .handoffUnsupportedAlgorithm: .handoffUnsupportedAlgorithm
        case .handoffUnknownKey: .handoffUnknownKey
        case .handoffExpired: .handoffExpired
        case .handoffNotYetValid: .handoffNotYetValid
        case .handoffInvalidPayload: .handoffInvalidPayload
        case .handoffBadSignature: .handoffBadSignature
        case .invalidApiKey: .invalidApiKey
        case .insufficientScope: .insufficientScope
        case .invalidToken: .invalidToken
        case .invalidRedeemer: .invalidRedeemer
        case .rateLimited: .rateLimited
        case .unavailable: .unavailable
        case .codeSpaceExhausted: .codeSpaceExhausted
        case .invalidRequest: .invalidRequest
        case .validationFailed: .validationFailed
        case .unknownField: .unknownField
        case .duplicateField: .duplicateField
        case .numberOutOfRange: .numberOutOfRange
        case .invalidParameter: .invalidParameter
        case .invalidRange: .invalidRange
        case .rangeTooLarge: .rangeTooLarge
        case .invalidGroupBy: .invalidGroupBy
        case .invalidView: .invalidView
        case .reportTooLarge: .reportTooLarge
        case .reportTimeout: .reportTimeout
        case .invalidIdempotencyKey: .invalidIdempotencyKey
        case .idempotencyKeyInUse: .idempotencyKeyInUse
        case .idempotencyKeyReused: .idempotencyKeyReused
        case .idempotencyRecordUnreadable: .idempotencyRecordUnreadable
        case .notFound: .notFound
        case .methodNotAllowed: .methodNotAllowed
        case .requestTooLarge: .requestTooLarge
        case .uriTooLong: .uriTooLong
        case .unsupportedMediaType: .unsupportedMediaType
        case .headersTooLarge: .headersTooLarge
        case .ambiguousFraming: .ambiguousFraming
        case .internalError: .internalError
        case .unknown, .transport, .unexpectedResponse: nil
        }
    }

    /// Seconds to wait before retrying, when the server said (429, 503, 409 in use).
    public var retryAfter: Int? {
        switch self {
        case .rateLimited(let seconds): seconds
        case .unavailable(let seconds), .idempotencyKeyInUse(let seconds): seconds
        default: nil
        }
    }

    /// Whether the same call may succeed later unchanged: a transport
    /// failure, 429, 503 or a key still in use. A redemption retried after
    /// any of these is safe: the same redeemer gets the same receipt.
    /// A URL that is malformed (`badURL`) or of a scheme the session can't
    /// speak (`unsupportedURL`) fails the same way every time: not transient.
    public var isTransient: Bool {
        switch self {
        case .transport(let code): code != .badURL && code != .unsupportedURL
        case .rateLimited, .unavailable, .idempotencyKeyInUse: true
        default: false
        }
    }
}
