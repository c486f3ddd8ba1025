import Foundation
import JobQueue
import Postgres

/// One recorded delivery attempt of an event to an endpoint.
public struct WebhookAttempt: Sendable, Equatable {
    /// How the attempt ended; a page of the log can list the attempts of one.
    public enum Status: String, Sendable, CaseIterable {
        /// The receiver answered 2xx.
        case succeeded
        /// Another status, or no answer (`error` says why).
        case failed
        /// No outcome was recorded: the worker stopped during the request
        /// (or the request is still in flight).
        case interrupted

        /// The accepted values, for a refusal's message: `succeeded, failed or interrupted`.
        public static var choices: String {
            let names = allCases.map(\.rawValue)
            return names.dropLast().joined(separator: ", ") + " or " + names.last!
        }
    }

    /// The log entry's id: its position, newest highest.
    public var id: Int64
    /// The endpoint.
    public var endpointID: UUID
    /// The event, which is the webhook's `id`.
    public var eventID: UUID
    /// The job's attempt number (1 for the first).
    public var attempt: Int
    /// When the attempt started.
    public var attemptedAt: Date
    /// How long it took, in milliseconds; nil when interrupted.
    public var durationMilliseconds: Double?
    /// The receiver's HTTP status, when it answered.
    public var httpStatus: Int?
    /// Why there was no answer (a fixed phrase), when there was none.
    public var error: String?
    /// How it ended.
    public var status: Status
    /// The first bytes (at most ``WebhookDeliveryLog/bodyLimit``) of the answer's body, as received.
    public var responsePrefix: Data
}

/// The delivery log in `baton.webhook_deliveries`: read by endpoint,
/// newest first, and pruned by the leader after `BATON_WEBHOOK_LOG_RETENTION_DAYS`.
/// The worker writes it (an entry when an attempt starts, its outcome when it ends).
public enum WebhookDeliveryLog {
    /// The most of an answer's body kept per attempt.
    public static let bodyLimit = 1024
    /// Entries per page.
    public static let limitRange = 1...100

    /// Which entries a page lists: those of one status.
    public typealias Filter = WebhookAttempt.Status

    /// A page of endpoint `endpointID`'s attempts, newest first, older than
    /// the entry `after` when given.
    /// - Returns: the attempts and the cursor of the next page (nil on the last).
    /// - Throws: `PostgresError`.
    public static func page(
        endpointID: UUID, filter: Filter?, after: Int64?, limit: Int, on connection: PostgresConnection
    ) throws -> (attempts: [WebhookAttempt], next: Int64?) {
        let rows = try connection.query(pageStatement, [endpointID, filter?.rawValue, after, limit + 1])
        let attempts = try rows.map { row throws(PostgresError) in
            let succeeded: Bool? = try row.decode("succeeded")
            return WebhookAttempt(
                id: try row.decode("id"), endpointID: try row.decode("endpoint_id"), eventID: try row.decode("event_id"),
                attempt: try row.decode("attempt"), attemptedAt: try row.decode("attempted_at"),
                durationMilliseconds: try row.decode("duration_ms"), httpStatus: try row.decode("http_status"),
                error: try row.decode("error"), status: succeeded.map { $0 ? .succeeded : .failed } ?? .interrupted,
                responsePrefix: try row.decode(Data?.self, "response_prefix") ?? Data())
        }
        let page = Array(attempts.prefix(limit))
        return (page, attempts.count > limit ? page.last?.id : nil)
    }

    /// Deletes up to `limit` entries older than `retention`.
    /// - Returns: how many; call again while it equals `limit`.
    public static func deleteOld(olderThan retention: Duration, limit: Int = 10_000, on connection: PostgresConnection)
        throws(JobQueueError) -> Int
    {
        try JobQueueError.wrapping { () throws(PostgresError) in
            try connection.query(deleteStatement, [retention.intervalSeconds, limit]).affectedRows
        }
    }

    static let pageStatement = PostgresStatement(
        name: "webhook_deliveries_page",
        sql: """
            SELECT id, endpoint_id, event_id, attempt, attempted_at, duration_ms, http_status, error, succeeded, response_prefix
            FROM baton.webhook_deliveries
            WHERE endpoint_id = $1
              AND CASE $2::text WHEN 'succeeded' THEN succeeded IS TRUE WHEN 'failed' THEN succeeded IS FALSE
                                WHEN 'interrupted' THEN succeeded IS NULL ELSE true END
              AND ($3::int8 IS NULL OR id < $3)
            ORDER BY id DESC LIMIT $4
            """)

    static let deleteStatement = PostgresStatement(
        name: "webhook_deliveries_delete_old",
        sql: """
            DELETE FROM baton.webhook_deliveries WHERE id = ANY(ARRAY(
                SELECT id FROM baton.webhook_deliveries
                WHERE attempted_at < now() - make_interval(secs => $1)
                ORDER BY attempted_at
                LIMIT $2
            ))
            """)
}
