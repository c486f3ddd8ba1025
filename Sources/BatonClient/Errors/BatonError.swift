import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why a ``BatonClient`` call failed: one case per error code the server
/// answers with (`{"error": {"code", "message", "details"}}`), the details
/// that matter as associated values, ``unknown(code:status:)`` for a code
/// this build does not know, and the transport's own failures.
///
/// The server's `message` is not kept: show people a sentence of your own
/// for the case, and log ``code``. Nothing here holds a credential.
public enum BatonError: Error, Equatable, Sendable {
    // The invite and its credential.
    /// 404: no invite has this token, code or id.
    case inviteNotFound
    /// 410: the invite is past its expiry.
    case inviteExpired
    /// 410: the backend revoked the invite.
    case inviteRevoked
    /// 409 on redemption (410 on preview): every use is taken.
    case inviteUsedUp
    /// 409: this handoff was redeemed by another redeemer.
    case handoffAlreadyUsed
    /// 410: the backend reissued the invite; this code, link or handoff was
    /// replaced by a newer one, which the inviter must send again.
    case inviteReissued
    /// 409 on a change or reissue: the invite is used up, expired or revoked.
    case inviteNotActive
    /// 409 on a change: `max_redemptions` below the `count` redemptions so far.
    case maxRedemptionsBelowCount(count: Int?)
    /// 403: the invite is for a specific person, and the redeemer was not shown to be them.
    case inviteeMismatch
    /// 409: the inviter cannot redeem their own invite.
    case selfRedemption
    /// 404: no invite ever named this family (`DELETE /v1/families/{family_id}`).
    case familyNotFound
    /// 422: an invite's `locale` is not one of the server's languages; `supported` lists them.
    case unsupportedLocale(supported: [String])

    // Webhook endpoints and the event feed.
    /// 404: no webhook endpoint has this id.
    case webhookEndpointNotFound
    /// 409: the endpoint comes from `BATON_WEBHOOK_URL`; change the server's configuration instead.
    case webhookEndpointManagedByConfig
    /// 422: the URL's host is an address of a class the server's destination
    /// policy refuses; `addressClass` names it (`link_local`, `private`, …).
    case webhookURLNotAllowed(addressClass: String?)
    /// 422: `signature_scheme` is neither `baton` nor `standard_webhooks`.
    case webhookSignatureSchemeUnknown
    /// 404 on a redelivery: no event has this id, or it is past its retention.
    case eventNotFound
    /// 400 on `GET /v1/events`: `after` is not a cursor the server returned.
    case invalidCursor
    /// 400: the credential is malformed or fails its check character; `reason`
    /// is `BatonLinks`' `CredentialError` code, such as `code_check_failed`.
    case invalidCode(reason: String)
    /// 422: the invocation URL is not an invite link of this server; `reason`
    /// is `BatonLinks`' `InvocationError` code.
    case invalidInvocation(reason: String)

    // The handoff envelope (422), as `BatonHandoff`'s `HandoffError` codes.
    /// `handoff_too_large`.
    case handoffTooLarge
    /// `handoff_malformed`.
    case handoffMalformed
    /// `handoff_unsupported_version`: a newer clip wrote version `found`; the versions the server reads are `supported`.
    case handoffUnsupportedVersion(found: Int?, supported: [Int])
    /// `handoff_unsupported_kind`.
    case handoffUnsupportedKind
    /// `handoff_unsupported_algorithm`.
    case handoffUnsupportedAlgorithm
    /// `handoff_unknown_key`: signed under a key the server no longer holds.
    case handoffUnknownKey
    /// `handoff_expired`: ask the person to open the invite link again.
    case handoffExpired
    /// `handoff_not_yet_valid`: the device's clock is far off.
    case handoffNotYetValid
    /// `handoff_invalid_payload`.
    case handoffInvalidPayload
    /// `handoff_bad_signature`.
    case handoffBadSignature

    // Who is asking.
    /// 401: no usable API key.
    case invalidApiKey
    /// 403: the API key lacks `required` (a scope such as `invites:write`).
    case insufficientScope(required: String?)
    /// 401: the redeemer JWT was refused; `reason` names the check, such as `expired`.
    case invalidToken(reason: String)
    /// 422: the redeemer id, a redeemer JWT's `sub`, `email` or
    /// `phone_number`, or the body's invitee member `field` holds a hidden
    /// character; send the id exactly as people see it.
    case invalidRedeemer(field: String?)

    // Limits and availability.
    /// 429: wait `retryAfter` seconds (the `Retry-After` header).
    case rateLimited(retryAfter: Int)
    /// 503: the database is unavailable; retry after `retryAfter` seconds when given.
    case unavailable(retryAfter: Int?)
    /// 503: no unused invite code could be found (the operator should raise the code length).
    case codeSpaceExhausted

    // The request itself.
    /// 400: malformed JSON, a wrong type, or a bad member such as `channel` (`field`).
    case invalidRequest(field: String?)
    /// 422: a field out of bounds or malformed (`field`, such as `family_name`).
    case validationFailed(field: String?)
    /// 422: the body names a member this route does not know.
    case unknownField(String?)
    /// 422: the body names a member twice.
    case duplicateField(String?)
    /// 422: a number the server cannot keep exactly.
    case numberOutOfRange(String?)
    /// 400: a funnel parameter (`field`) is malformed.
    case invalidParameter(field: String?)
    /// 400: a funnel range whose `from` is not before `to`.
    case invalidRange
    /// 400: a funnel range of too many buckets.
    case rangeTooLarge
    /// 400: a funnel `group_by` other than source, campaign, inviter, family or platform.
    case invalidGroupBy
    /// 400: a funnel `view` other than flow or cohort.
    case invalidView
    /// 422: a funnel report of more `cells` (buckets × rows × stages) than
    /// the server's `limit`: narrow the range, widen the interval or lower `top`.
    case reportTooLarge(cells: Int?, limit: Int?)
    /// 503: a statement of a funnel report ran past the server's report
    /// timeout and was cancelled.
    case reportTimeout
    /// 400: the `Idempotency-Key` is malformed.
    case invalidIdempotencyKey
    /// 409: a request with this `Idempotency-Key` is still running; retry after `retryAfter` seconds.
    case idempotencyKeyInUse(retryAfter: Int?)
    /// 422: this `Idempotency-Key` was used with another body.
    case idempotencyKeyReused
    /// 422: the response stored for this `Idempotency-Key` cannot be read; send a new key.
    case idempotencyRecordUnreadable

    // The HTTP layer.
    /// 404: no route has this path (a wrong base URL).
    case notFound
    /// 405: the route takes only `allowed` methods.
    case methodNotAllowed(allowed: [String])
    /// 413: the body is longer than the route takes.
    case requestTooLarge
    /// 414: the request URI is too long.
    case uriTooLong
    /// 415: the body is not JSON.
    case unsupportedMediaType
    /// 431: the request headers are too large.
    case headersTooLarge
    /// 400: `Content-Length` and `Transfer-Encoding` disagree (a proxy in between rewrote them).
    case ambiguousFraming
    /// 500: the server failed; `requestID` lets its operator find the log line.
    case internalError(requestID: String?)

    /// An error code this build does not know, from a newer server.
    case unknown(code: String, status: Int)

    // Transport.
    /// The server could not be reached, or did not answer in time.
    case transport(URLError.Code)
    /// The server answered something that is not Baton's JSON (a proxy's page, a truncated body).
    case unexpectedResponse(status: Int)
}

extension BatonError: CustomStringConvertible {
    /// The code, with the status for ``unknown(code:status:)`` and ``unexpectedResponse(status:)``.
    public var description: String {
        switch self {
        case .unknown(let code, let status): "\(code) (HTTP \(status))"
        case .unexpectedResponse(let status): "unexpected_response (HTTP \(status))"
        default: code
        }
    }
}
