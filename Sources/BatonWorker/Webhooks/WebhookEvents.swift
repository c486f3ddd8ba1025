import BatonCore
import Foundation
import Postgres

/// Reads the webhook body of a recorded event for `WebhookDelivery`.
///
/// Webhook jobs carry only their event's id (`{"event_id": "<uuid>"}`): the
/// body is built at delivery from the `baton.events` row by
/// `baton.webhook_body`, the function that built the copies older jobs
/// carry, so the bytes sent are the same either way. Connections come from a
/// small pool of its own, opened on first use and closed with this object.
public final class WebhookEvents: Sendable {
    private let pool: PostgresPool

    /// A reader on the database at `conninfo`; at most `maxConnections`
    /// deliveries read at once (a read is one primary-key lookup).
    public init(conninfo: String, maxConnections: Int = 4) {
        pool = PostgresPool(PostgresPoolConfiguration(conninfo: conninfo, maxConnections: maxConnections))
    }

    deinit {
        pool.close()
    }

    /// The body `{"id", "type", "created_at", "data"}` of event `id`, or nil
    /// when no such event exists (deleted by `BATON_EVENT_RETENTION_DAYS`).
    /// - Throws: `PostgresError` when the database can't be read.
    func body(of id: UUID) throws -> PostgresJSON? {
        try pool.withConnection { connection in
            try connection.query(Self.bodyStatement, [id]).first?.decode(PostgresJSON.self, "body")
        }
    }

    /// Package-visible for the webhook benchmark's C ceiling, which runs it too.
    package static let bodyStatement = PostgresStatement(
        name: "webhook_event_body",
        sql: """
            SELECT baton.webhook_body(event_id, type, occurred_at, data) AS body FROM baton.events WHERE event_id = $1
            """)
}
