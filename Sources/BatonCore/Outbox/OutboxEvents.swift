import Foundation
import Postgres

/// The transactional outbox for invite events that the product backend hears
/// about through webhooks.
///
/// ``record(_:inviteID:familyID:channel:data:maxAttempts:on:)`` writes the
/// event row (which metrics read) and enqueues its `webhook.deliver` job in
/// **one statement**, on the caller's connection: call it inside the same
/// transaction as the state change, so a committed redemption always has its
/// webhook and a rolled-back one never does (the transactional outbox of
/// docs/architecture.md). After the commit,
/// call ``JobWakeup/signal()`` so a worker delivers it at once instead of at
/// its next poll (never NOTIFY inside the transaction: that serializes commits).
///
/// ```swift
/// try pool.transaction { connection in
///     // … the redeem statement …
///     try OutboxEvents.record(.inviteRedeemed, inviteID: invite.id, familyID: invite.familyID,
///                             channel: "app", data: PostgresJSON(#"{"redeemer_id": "u_42"}"#), on: connection)
/// }
/// wakeup.signal()   // one JobWakeup per process
/// ```
public enum OutboxEvents {
    /// The event types delivered as webhooks.
    public enum EventType: String, Sendable, CaseIterable {
        /// An invite was redeemed (once per redemption).
        case inviteRedeemed = "invite.redeemed"
        /// The expiry sweep expired an invite (the sweep records these itself).
        case inviteExpired = "invite.expired"
        /// An invite was revoked.
        case inviteRevoked = "invite.revoked"
        /// An active invite was changed (`PATCH /v1/invites/{id}`).
        case inviteUpdated = "invite.updated"
        /// An invite got a new code and token (`POST /v1/invites/{id}/reissue`).
        case inviteReissued = "invite.reissued"
    }

    /// The job kind that delivers one event to the webhook endpoint.
    public static let webhookKind = "webhook.deliver"
    /// Attempts of a webhook delivery before it is discarded, unless configured
    /// otherwise (`BATON_WEBHOOK_MAX_ATTEMPTS`).
    public static let defaultWebhookMaxAttempts = 15

    /// Records event `type` for an invite and enqueues its webhook delivery.
    ///
    /// The event's `data` is `data` (a JSON object: invite and redemption
    /// fields, such as `redeemer_id`, `redemption_id`, `channel`) with
    /// `invite_id` and `family_id` set from the arguments, which win over
    /// keys of the same name. The job carries only the event id
    /// (`{"event_id": "<uuid>"}`); the delivery builds the webhook body
    /// `{"id": <event id>, "type", "created_at", "data"}` from the event row.
    /// - Parameters:
    ///   - channel: how it happened (`clip`, `app`, `web`, `backend`), for metrics; optional.
    ///   - maxAttempts: delivery attempts before the job is discarded.
    /// - Returns: the event id, which is the webhook's `id` and `Idempotency-Key`.
    /// - Throws: `JobQueueError.invalidJob` when `data` is not a JSON object;
    ///   `.database` otherwise (the caller's transaction is then failed: roll it back).
    @discardableResult
    public static func record(
        _ type: EventType, inviteID: UUID, familyID: String, channel: String? = nil,
        data: PostgresJSON = PostgresJSON("{}"), maxAttempts: Int = defaultWebhookMaxAttempts,
        on connection: PostgresConnection
    ) throws(JobQueueError) -> UUID {
        guard (try? JSONSerialization.jsonObject(with: data.data)) is [String: Any] else {
            throw .invalidJob("event data must be a JSON object")
        }
        guard maxAttempts >= 1 else { throw .invalidJob("max attempts must be at least 1") }
        return try JobQueueError.wrapping { () throws(PostgresError) in
            let rows = try connection.query(
                recordStatement,
                [
                    type.rawValue, inviteID, familyID, channel, data, Int32(min(maxAttempts, 1000)), webhookKind,
                ])
            return try rows[0].decode(UUID.self, "event_id")
        }
    }

    /// The event is dated `clock_timestamp()`, when it is recorded, rather
    /// than the transaction's start (`now()`), so that it follows the change
    /// it records (a revoke, dated under its row lock) and every event that
    /// committed before it.
    static let recordStatement = PostgresStatement(
        name: "outbox_record",
        sql: """
            WITH event AS (
                INSERT INTO baton.events (type, invite_id, family_id, channel, data, occurred_at)
                VALUES ($1, $2, $3, $4, $5::jsonb || jsonb_build_object('invite_id', $2::uuid, 'family_id', $3::text), clock_timestamp())
                RETURNING event_id
            ), job AS (
                INSERT INTO baton.jobs (kind, args, max_attempts)
                SELECT $7, jsonb_build_object('event_id', event_id), $6
                FROM event
            )
            SELECT event_id FROM event
            """)
}
