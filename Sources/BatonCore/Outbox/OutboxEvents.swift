import BatonJSON
import Foundation
import JobQueue
import Postgres
import Telemetry

/// The transactional outbox for invite events that the product backend hears
/// about through webhooks.
///
/// ``record(_:inviteID:familyID:channel:data:maxAttempts:on:)`` writes the
/// event row (which metrics read) and enqueues one `webhook.deliver` job per
/// enabled endpoint whose filter matches its type (the fan-out), in **one
/// statement**, on the caller's connection: call it inside the same
/// transaction as the state change, so a committed redemption always has its
/// webhook and a rolled-back one never does (the transactional outbox of
/// docs/architecture.md). After the commit,
/// call ``JobWakeup/signal()`` so a worker delivers it at once instead of at
/// its next poll (never NOTIFY inside the transaction: that serializes commits).
///
/// Every job enqueued here stores the `traceparent` of the span running it
/// (``TraceScope/traceparent``: the API request's server span), so the
/// delivery continues the request's trace.
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
        /// A family's personal data was erased (no invite: `inviteID` nil).
        case familyErased = "family.erased"
        /// A test sent to one endpoint (`POST /v1/webhook-endpoints/{id}/test`).
        case webhookTest = "webhook.test"
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
    /// keys of the same name (a nil `inviteID` adds no `invite_id`). Each job
    /// carries only the event and endpoint ids
    /// (`{"event_id": "<uuid>", "endpoint_id": "<uuid>"}`), so a failing
    /// endpoint retries on its own schedule; the delivery builds the webhook body
    /// `{"id": <event id>, "type", "created_at", "data"}` from the event row.
    /// - Parameters:
    ///   - channel: how it happened (`clip`, `app`, `web`, `backend`), for metrics; optional.
    ///   - maxAttempts: delivery attempts before the job is discarded.
    /// - Returns: the event id, which is the webhook's `id` and `Idempotency-Key`.
    /// - Throws: `JobQueueError.invalidJob` when `data` is not a JSON object;
    ///   `.database` otherwise (the caller's transaction is then failed: roll it back).
    @discardableResult
    public static func record(
        _ type: EventType, inviteID: UUID?, familyID: String, channel: String? = nil,
        data: PostgresJSON = PostgresJSON("{}"), maxAttempts: Int = defaultWebhookMaxAttempts,
        on connection: PostgresConnection
    ) throws(JobQueueError) -> UUID {
        // Numbers are kept as written, as the jsonb column keeps them.
        guard case .object = try? JSONValue(parsing: data.text, checkingNumberRange: false) else {
            throw .invalidJob("event data must be a JSON object")
        }
        guard maxAttempts >= 1 else { throw .invalidJob("max attempts must be at least 1") }
        let eventID = try JobQueueError.wrapping { () throws(PostgresError) in
            let rows = try connection.query(
                recordStatement,
                [
                    type.rawValue, inviteID, familyID, channel, data, Int32(min(maxAttempts, 1000)), webhookKind,
                    TraceScope.traceparent,
                ])
            return try rows[0].decode(UUID.self, "event_id")
        }
        // Whether an endpoint matched is not returned; a wake-up that finds
        // nothing costs one NOTIFY, coalesced with the others.
        connection.raise(afterCommit: .jobsEnqueued)
        return eventID
    }

    /// Records a `webhook.test` event for endpoint `endpointID` and enqueues
    /// its delivery to that endpoint alone, whatever its filter, in one statement.
    /// - Returns: the event id, or nil when no such endpoint exists (nothing recorded).
    /// - Throws: `JobQueueError.database`.
    public static func recordTest(
        endpointID: UUID, maxAttempts: Int = defaultWebhookMaxAttempts, on connection: PostgresConnection
    ) throws(JobQueueError) -> UUID? {
        let eventID = try JobQueueError.wrapping { () throws(PostgresError) in
            try connection.query(
                testStatement, [endpointID, Int32(clamping: maxAttempts), webhookKind, TraceScope.traceparent]
            ).first?.decode(
                UUID.self, "event_id")
        }
        if eventID != nil { connection.raise(afterCommit: .jobsEnqueued) }
        return eventID
    }

    /// Enqueues event `eventID` again, with the same id and body: to
    /// `endpointID` alone when given (whatever its filter), else to every
    /// enabled endpoint whose filter matches, like the first time.
    /// - Returns: how many delivery jobs were enqueued, or nil when no such
    ///   event exists (past `BATON_EVENT_RETENTION_DAYS`, or never).
    /// - Throws: `JobQueueError.database`.
    public static func redeliver(
        eventID: UUID, endpointID: UUID?, maxAttempts: Int = defaultWebhookMaxAttempts, on connection: PostgresConnection
    ) throws(JobQueueError) -> Int? {
        let jobs = try JobQueueError.wrapping { () throws(PostgresError) in
            let parameters: [any PostgresBindable] = [
                eventID, endpointID, Int32(clamping: maxAttempts), webhookKind, TraceScope.traceparent,
            ]
            let row = try connection.query(redeliverStatement, parameters)[0]
            return try row.decode(Bool.self, "found") ? try row.decode(Int.self, "jobs") : nil
        }
        if let jobs, jobs > 0 { connection.raise(afterCommit: .jobsEnqueued) }
        return jobs
    }

    /// The endpoints an event of type `$type` fans out to, as SQL over
    /// `baton.webhook_endpoints AS endpoint`: enabled, and naming the type or `*`.
    static func matching(type: String) -> String {
        "NOT endpoint.disabled AND endpoint.enabled_events && ARRAY['*', \(type)::text]"
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
                VALUES ($1, $2, $3, $4, $5::jsonb || jsonb_strip_nulls(jsonb_build_object('invite_id', $2::uuid, 'family_id', $3::text)), clock_timestamp())
                RETURNING event_id
            ), job AS (
                INSERT INTO baton.jobs (kind, args, max_attempts, traceparent)
                SELECT $7, jsonb_build_object('event_id', event.event_id, 'endpoint_id', endpoint.id), $6, $8
                FROM event JOIN baton.webhook_endpoints AS endpoint ON \(matching(type: "$1"))
            )
            SELECT event_id FROM event
            """)

    static let testStatement = PostgresStatement(
        name: "outbox_record_test",
        sql: """
            WITH endpoint AS (
                SELECT id FROM baton.webhook_endpoints WHERE id = $1
            ), event AS (
                INSERT INTO baton.events (type, data, occurred_at)
                SELECT '\(EventType.webhookTest.rawValue)', jsonb_build_object('endpoint_id', id), clock_timestamp() FROM endpoint
                RETURNING event_id
            ), job AS (
                INSERT INTO baton.jobs (kind, args, max_attempts, traceparent)
                SELECT $3, jsonb_build_object('event_id', event_id, 'endpoint_id', $1::uuid), $2, $4 FROM event
            )
            SELECT event_id FROM event
            """)

    static let redeliverStatement = PostgresStatement(
        name: "outbox_redeliver",
        sql: """
            WITH event AS (
                SELECT event_id, type FROM baton.events WHERE event_id = $1
            ), job AS (
                INSERT INTO baton.jobs (kind, args, max_attempts, traceparent)
                SELECT $4, jsonb_build_object('event_id', event.event_id, 'endpoint_id', endpoint.id), $3, $5::text
                FROM event JOIN baton.webhook_endpoints AS endpoint
                    ON CASE WHEN $2::uuid IS NULL THEN \(matching(type: "event.type")) ELSE endpoint.id = $2 END
                RETURNING 1
            )
            SELECT EXISTS (SELECT 1 FROM event) AS found, (SELECT count(*) FROM job)::int8 AS jobs
            """)
}
