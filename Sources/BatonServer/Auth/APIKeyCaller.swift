import BatonCore
import Foundation

/// The caller of a route in an API-key group (``BatonApplication/requiring(_:)``):
/// the key that authenticated, by its row id. Small on purpose: it rides
/// on every such request inside `Request.identity` without a heap box.
struct APIKeyCaller: Sendable, Equatable {
    /// The key's `baton.api_keys.id`, for `created_by` and idempotency records.
    let keyID: UUID
}

/// Who redeems on `POST /v1/redemptions` (``BatonApplication/requiringRedeemer()``).
enum RedemptionCaller: Sendable, Equatable {
    /// A backend's API key with `redemptions:write`, redeeming on behalf of
    /// the body's `redeemer_id`.
    case apiKey(APIKeyCaller)
    /// A redeemer's bearer JWT, by its `sub`, with the identities its
    /// verified claims show (for invites bound to an invitee).
    case redeemer(subject: String, identities: [Invitee])
}
