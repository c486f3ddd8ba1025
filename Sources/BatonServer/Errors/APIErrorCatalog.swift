import BatonCore
import BatonHandoff
import BatonLinks
import HTTP
import Journey

/// One error of each kind the API answers with, built from the typed errors
/// themselves: the OpenAPI document takes its `error.code` enum and its
/// error examples from here, so neither can name a code the server does not
/// emit. `APIErrorCatalogTests` checks that every case of every typed error
/// that reaches HTTP has its representative.
enum APIErrorCatalog {
    /// Representatives, at least one per code, in a stable order.
    static let representatives: [any HTTPErrorConvertible] =
        httpLayer + invites + credentials + handoffs + authentication + idempotency + funnel + limits + families + webhookEndpoints
        + events + audit

    /// Every code, sorted.
    static let codes: [String] = Set(representatives.map(\.code)).sorted()

    /// The first representative of `code`.
    static func representative(of code: String) -> (any HTTPErrorConvertible)? {
        representatives.first { $0.code == code }
    }

    /// The HTTP layer's own refusals.
    static let httpLayer: [any HTTPErrorConvertible] = [
        HTTPError.invalidRequest("Send exactly one of handoff, token and code.", details: ["field": "handoff"]),
        HTTPError.ambiguousFraming, HTTPError.notFound, HTTPError.methodNotAllowed(allowed: ["GET"]),
        HTTPError.requestTooLarge(limit: 16_384), HTTPError.uriTooLong(limit: 8_192),
        HTTPError.unsupportedMediaType(accepted: ["application/json"]), HTTPError.headersTooLarge(limit: 16_384),
        HTTPError.internalError(requestID: "01JDZQ4V8Q2X7N3M5K9P6R1T0W"),
        HTTPError.duplicateField("family_name"), HTTPError.unknownField("familyname"), HTTPError.numberOutOfRange("metadata.amount"),
        ServiceUnavailable(reason: "connection_failure"),
    ]

    /// Invite requests.
    static let invites: [any HTTPErrorConvertible] = [
        InviteError.notFound, InviteError.validationFailed(field: "family_name", reason: "must have 1 to 100 characters"),
        InviteError.codeSpaceExhausted, InviteError.notActive, InviteError.maxRedemptionsBelowCount(count: 3),
        InviteError.unsupportedLocale(field: "locale"),
    ]

    /// Previews and redemptions of a credential.
    static let credentials: [any HTTPErrorConvertible] = [
        RedeemError.notFound, RedeemError.expired, RedeemError.revoked, RedeemError.usedUp, RedeemError.handoffAlreadyUsed,
        RedeemError.invalidCredential(.checkFailed), RedeemError.reissued, RedeemError.inviteeMismatch, RedeemError.selfRedemption,
        InvalidInvocation(error: .hostNotAllowed(value: "evil.example")), InvalidRedeemer(field: "redeemer_id"),
    ]

    /// Handoff envelopes the server refuses (the store's own `storageFailed` never reaches it).
    static let handoffs: [any HTTPErrorConvertible] = [
        HandoffError.tooLarge(size: 70_000, limit: 65_536), .malformed(reason: "not three segments"),
        .unsupportedVersion(found: 4, supported: [1, 2, 3]), .unsupportedKind, .unsupportedAlgorithm, .unknownKey,
        .expired(expiresAt: 1_764_000_000), .notYetValid(issuedAt: 1_764_000_000), .invalidPayload(reason: "credential is missing"),
        .badSignature,
    ].map(RedeemError.handoff)

    /// API keys and redeemer tokens (`notFound` and `invalidName` are the command line's).
    static let authentication: [any HTTPErrorConvertible] = [
        APIKeyError.invalid, APIKeyError.missingScope(.invitesWrite), RedeemerTokenError.expired,
    ]

    /// `Idempotency-Key`.
    static let idempotency: [any HTTPErrorConvertible] = [
        IdempotencyError.invalidKey, IdempotencyError.inUse, IdempotencyError.reused, IdempotencyError.unreadable,
    ]

    /// The funnel's parameters and its bounds.
    static let funnel: [any HTTPErrorConvertible] = [
        FunnelError.invalidParameter(field: "interval", reason: "must be hour, day or week"), FunnelError.emptyRange,
        FunnelError.rangeTooLarge(buckets: 8_760, limit: 5_000), FunnelError.invalidGroupBy, FunnelError.invalidView,
        FunnelError.tooLarge(cells: 419_916, limit: 100_000), FunnelError.timedOut(milliseconds: 5_000),
    ]

    /// Families (`DELETE /v1/families/{family_id}`).
    static let families: [any HTTPErrorConvertible] = [FamilyError.notFound]

    /// Webhook endpoints and redelivery.
    static let webhookEndpoints: [any HTTPErrorConvertible] = [
        WebhookEndpointError.notFound, WebhookEndpointError.eventNotFound, WebhookEndpointError.managedByConfig,
        WebhookEndpointError.validationFailed(field: "url", reason: "must be at most 2048 bytes"),
        WebhookEndpointError.urlNotAllowed(.linkLocal), WebhookEndpointError.unknownSignatureScheme,
    ]

    /// The event feed's parameters (`GET /v1/events`).
    static let events: [any HTTPErrorConvertible] = [
        EventFeedError.invalidParameter(field: "limit", reason: "must be an integer from 1 to 500"), EventFeedError.invalidCursor,
    ]

    /// The audit trail's parameters (`GET /v1/audit`): the event feed's codes.
    static let audit: [any HTTPErrorConvertible] = [AuditError.invalidLimit, AuditError.invalidCursor]

    /// Rate limits.
    static let limits: [any HTTPErrorConvertible] = [RateLimited(limitClass: .code, retryAfterSeconds: 30)]
}
