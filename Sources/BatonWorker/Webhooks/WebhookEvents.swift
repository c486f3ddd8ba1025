import BatonCore
import Foundation
import Postgres

/// The database side of `WebhookDelivery`: what one attempt sends, and its
/// entry in the delivery log.
///
/// ``begin(_:)`` reads the endpoint (URL, sealed secrets) and builds the
/// event's body with `baton.webhook_body`, the function that built the
/// copies older jobs carry, and inserts the attempt's log entry, all in one
/// statement; ``finish(_:response:succeeded:now:disableAfter:)`` records the
/// outcome and the endpoint's failure streak in another. The entry exists
/// before the request goes out, so a worker killed mid-request leaves an
/// entry with no outcome. Connections come from a small pool of its own,
/// opened on first use and closed with this object.
public final class WebhookEvents: Sendable {
    /// What ``begin(_:)`` is asked about.
    struct Attempt: Sendable {
        /// The event.
        var eventID: UUID
        /// The endpoint; nil for a job from before endpoints (the configured one).
        var endpointID: UUID?
        /// The body an older job carries instead of an event id.
        var carried: PostgresJSON?
        /// The job and its attempt number, for the log.
        var jobID: Int64
        var attempt: Int
        /// The delivery's clock, for the rotation's overlap.
        var now: Date
    }

    /// What an attempt sends, once its log entry is written.
    struct Target: Sendable {
        var endpointID: UUID
        var url: URL
        /// The current secret, then the previous one while it still signs.
        var sealedSecrets: [Data]
        var body: PostgresJSON
        var logID: Int64
    }

    /// Why nothing is sent.
    enum Refusal: Error, Equatable {
        case endpointMissing, endpointDisabled, eventMissing, badURL
    }

    private let pool: PostgresPool

    /// A reader on the database at `conninfo`; at most `maxConnections`
    /// deliveries read or write at once (each is one indexed statement).
    public init(conninfo: String, maxConnections: Int = 4) {
        pool = PostgresPool(PostgresPoolConfiguration(conninfo: conninfo, maxConnections: maxConnections))
    }

    deinit {
        pool.close()
    }

    /// The target of `attempt`, its log entry written.
    /// - Throws: `Refusal` when nothing should be sent (no log entry then);
    ///   `PostgresError` when the database can't be read.
    func begin(_ attempt: Attempt) throws -> Target {
        let row = try pool.withConnection { connection in
            try connection.query(
                Self.beginStatement,
                [
                    attempt.eventID, attempt.endpointID ?? WebhookEndpoint.configuredID, attempt.jobID, Int32(clamping: attempt.attempt),
                    attempt.now, attempt.carried,
                ])[0]
        }
        guard let endpointID: UUID = try row.decode("endpoint_id") else { throw Refusal.endpointMissing }
        guard try !row.decode(Bool.self, "disabled") else { throw Refusal.endpointDisabled }
        guard let body: PostgresJSON = try row.decode("body"), let logID: Int64 = try row.decode("log_id") else {
            throw Refusal.eventMissing
        }
        guard let url = URL(string: try row.decode(String.self, "url")) else { throw Refusal.badURL }
        let previous: Data? = try row.decode("previous_sealed")
        return Target(
            endpointID: endpointID, url: url, sealedSecrets: [try row.decode("secret_sealed")] + (previous.map { [$0] } ?? []),
            body: body, logID: logID)
    }

    /// Records the outcome of the attempt logged as `logID` and the
    /// endpoint's streak: a success clears it, a failure starts it, and a
    /// failure while it has lasted `disableAfter` by `now` disables the endpoint.
    /// - Returns: whether this call disabled the endpoint.
    /// - Throws: `PostgresError`.
    func finish(_ target: Target, response: WebhookResponse, succeeded: Bool, now: Date, disableAfter: Duration) throws -> Bool {
        var status: Int32?
        var failure: String?
        switch response.outcome {
        case .status(let code): status = Int32(clamping: code)
        case .failed(let reason): failure = reason
        }
        let prefix = Data(response.bodyPrefix.prefix(WebhookDeliveryLog.bodyLimit))
        let rows = try pool.withConnection { connection in
            try connection.query(
                Self.finishStatement,
                [
                    target.logID, response.duration / .milliseconds(1), status, failure, succeeded, prefix, now, disableAfter / .seconds(1),
                    WebhookEndpoint.autoDisabledReason,
                ])
        }
        return try rows.first?.decode(Bool.self, "newly_disabled") ?? false
    }

    /// One row whatever exists: a NULL endpoint id when the endpoint is
    /// gone, a NULL log id when it is disabled or the event is gone.
    static let beginStatement = PostgresStatement(
        name: "webhook_attempt_begin",
        sql: """
            WITH endpoint AS (
                SELECT id, url, disabled, secret_sealed,
                       CASE WHEN previous_expires_at > $5 THEN previous_secret_sealed END AS previous_sealed
                FROM baton.webhook_endpoints WHERE id = $2
            ), event AS (
                SELECT coalesce($6::jsonb, (
                    SELECT baton.webhook_body(event_id, type, occurred_at, data) FROM baton.events WHERE event_id = $1
                )) AS body
            ), entry AS (
                INSERT INTO baton.webhook_deliveries (endpoint_id, event_id, job_id, attempt, attempted_at)
                SELECT endpoint.id, $1, $3, $4, clock_timestamp()
                FROM endpoint, event WHERE NOT endpoint.disabled AND event.body IS NOT NULL
                RETURNING id
            )
            SELECT endpoint.id AS endpoint_id, endpoint.url, coalesce(endpoint.disabled, false) AS disabled,
                   endpoint.secret_sealed, endpoint.previous_sealed, event.body, (SELECT id FROM entry) AS log_id
            FROM event LEFT JOIN endpoint ON true
            """)

    /// The endpoint row is written only when its state changes (a streak
    /// starts or ends, the endpoint is disabled) or, on success, when its
    /// `last_success_at` is more than a second old: a busy healthy endpoint
    /// is not a hot row. `was` reads the row as it was, to tell a new disable.
    static let finishStatement = PostgresStatement(
        name: "webhook_attempt_finish",
        sql: """
            WITH entry AS (
                UPDATE baton.webhook_deliveries
                SET duration_ms = $2, http_status = $3, error = $4, succeeded = $5, response_prefix = $6
                WHERE id = $1
                RETURNING endpoint_id
            ), was AS (
                SELECT e.id, e.disabled, e.failing_since FROM baton.webhook_endpoints e JOIN entry ON e.id = entry.endpoint_id
            )
            UPDATE baton.webhook_endpoints e SET
                last_success_at = CASE WHEN $5 THEN $7 ELSE e.last_success_at END,
                failing_since = CASE WHEN $5 THEN NULL ELSE coalesce(e.failing_since, $7) END,
                disabled = e.disabled OR (NOT $5 AND coalesce(e.failing_since <= $7 - make_interval(secs => $8), false)),
                disabled_reason = CASE
                    WHEN NOT e.disabled AND NOT $5 AND coalesce(e.failing_since <= $7 - make_interval(secs => $8), false) THEN $9
                    ELSE e.disabled_reason END,
                updated_at = CASE
                    WHEN NOT $5 AND coalesce(e.failing_since <= $7 - make_interval(secs => $8), false) THEN now()
                    ELSE e.updated_at END
            FROM was
            WHERE e.id = was.id AND (
                ($5 AND (e.failing_since IS NOT NULL OR e.last_success_at IS NULL OR e.last_success_at < $7 - interval '1 second'))
                OR (NOT $5 AND NOT e.disabled AND (e.failing_since IS NULL OR e.failing_since <= $7 - make_interval(secs => $8))))
            RETURNING e.disabled AND NOT was.disabled AS newly_disabled
            """)
}
