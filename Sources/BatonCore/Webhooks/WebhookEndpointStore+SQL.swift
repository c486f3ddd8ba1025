import Foundation
import Postgres

extension WebhookEndpointStore {
    /// The endpoint of a row holding ``columns``.
    static func endpoint(_ row: PostgresRow) throws(PostgresError) -> WebhookEndpoint {
        WebhookEndpoint(
            id: try row.decode("id"), url: try row.decode("url"), description: try row.decode("description"),
            enabledEvents: try row.decode("enabled_events"), disabled: try row.decode("disabled"),
            signatureScheme: WebhookSignatureScheme(rawValue: try row.decode("signature_scheme")) ?? .default,
            disabledReason: try row.decode("disabled_reason"), managedByConfig: try row.decode("managed_by_config"),
            previousSecretExpiresAt: try row.decode("previous_expires_at"), failingSince: try row.decode("failing_since"),
            lastSuccessAt: try row.decode("last_success_at"), createdAt: try row.decode("created_at"),
            updatedAt: try row.decode("updated_at"))
    }

    /// What every statement returns; a previous secret past its expiry no longer shows.
    private static let columns = """
        id, url, description, enabled_events, disabled, signature_scheme, disabled_reason, managed_by_config,
        CASE WHEN previous_expires_at > now() THEN previous_expires_at END AS previous_expires_at,
        failing_since, last_success_at, created_at, updated_at
        """

    static let insert = PostgresStatement(
        name: "webhook_endpoint_insert",
        sql: """
            INSERT INTO baton.webhook_endpoints
                (id, url, description, enabled_events, disabled, disabled_reason, secret_sealed, signature_scheme)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
            RETURNING \(columns)
            """)

    static let selectPage = PostgresStatement(
        name: "webhook_endpoint_page",
        sql: """
            SELECT \(columns) FROM baton.webhook_endpoints
            WHERE $1::uuid IS NULL OR id > $1
            ORDER BY id LIMIT $2
            """)

    static let selectOne = PostgresStatement(
        name: "webhook_endpoint_one", sql: "SELECT \(columns) FROM baton.webhook_endpoints WHERE id = $1")

    static let selectManaged = PostgresStatement(
        name: "webhook_endpoint_managed", sql: "SELECT managed_by_config FROM baton.webhook_endpoints WHERE id = $1")

    /// Fields left NULL keep their value. Enabling clears the reason and the
    /// failure streak, so the endpoint gets the whole window again.
    static let update = PostgresStatement(
        name: "webhook_endpoint_update",
        sql: """
            UPDATE baton.webhook_endpoints SET
                url = coalesce($2, url),
                description = coalesce($3, description),
                enabled_events = coalesce($4, enabled_events),
                disabled = coalesce($5, disabled),
                disabled_reason = CASE
                    WHEN $5 IS NULL OR $5 = disabled THEN disabled_reason
                    WHEN $5 THEN '\(WebhookEndpoint.disabledByRequestReason)' END,
                failing_since = CASE WHEN $5 = false AND disabled THEN NULL ELSE failing_since END,
                signature_scheme = coalesce($6, signature_scheme),
                updated_at = now()
            WHERE id = $1
                AND (NOT managed_by_config OR ($2::text IS NULL AND $3::text IS NULL AND $4::text[] IS NULL AND $6::text IS NULL))
            RETURNING \(columns)
            """)

    static let delete = PostgresStatement(
        name: "webhook_endpoint_delete", sql: "DELETE FROM baton.webhook_endpoints WHERE id = $1 AND NOT managed_by_config")

    /// SET reads the row as it was: the current secret becomes the previous one.
    static let rotate = PostgresStatement(
        name: "webhook_endpoint_rotate",
        sql: """
            UPDATE baton.webhook_endpoints SET
                previous_secret_sealed = CASE WHEN $3 > 0 THEN secret_sealed END,
                previous_expires_at = CASE WHEN $3 > 0 THEN now() + make_interval(secs => $3) END,
                secret_sealed = $2,
                updated_at = now()
            WHERE id = $1 AND NOT managed_by_config
            RETURNING \(columns)
            """)

    static let upsertConfigured = PostgresStatement(
        name: "webhook_endpoint_configure",
        sql: """
            INSERT INTO baton.webhook_endpoints (id, url, description, enabled_events, managed_by_config, secret_sealed)
            VALUES ($1, $2, 'BATON_WEBHOOK_URL', ARRAY['\(WebhookEndpoint.allEvents)'], true, $3)
            ON CONFLICT (id) DO UPDATE SET url = EXCLUDED.url, secret_sealed = EXCLUDED.secret_sealed,
                previous_secret_sealed = NULL, previous_expires_at = NULL, updated_at = now()
            """)
}
