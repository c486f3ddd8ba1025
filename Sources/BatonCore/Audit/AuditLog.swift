import BatonJSON
import Foundation
import Postgres

/// The audit trail in `baton.audit_log`: every `/admin` action writes one
/// entry in the action's own transaction (so an entry exists exactly when
/// the action committed), and operators read it newest first, a keyset
/// page at a time (`/admin/audit`, `GET /v1/audit`).
public enum AuditLog {
    /// Entries per page.
    public static let limitRange = 1...100
    /// Entries per page when no limit is given.
    public static let defaultLimit = 50
    /// The longest cursor text read; longer ones are refused unread.
    static let cursorLimit = 64

    /// Writes one entry for `action` by `keyID` on `target`, with `detail`
    /// (a few names and plain values), in the caller's transaction.
    /// - Throws: `PostgresError`.
    public static func record(
        _ action: AuditAction, by keyID: UUID, target: String, detail: [String: String] = [:], on connection: PostgresConnection
    ) throws {
        let json = JSONValue.object(detail.mapValues(JSONValue.string)).jsonText()
        _ = try connection.query(recordStatement, [keyID, action.rawValue, target, json])
    }

    /// A page of entries, newest first, older than the cursor `after` when given.
    /// - Returns: the entries and the cursor of the next page (nil on the last).
    /// - Throws: `AuditError.invalidCursor` before any query, or `PostgresError`.
    public static func page(after: String?, limit: Int, on connection: PostgresConnection) throws -> (entries: [AuditEntry], next: String?)
    {
        let position = try after.map(position(of:))
        let limit = min(max(limit, limitRange.lowerBound), limitRange.upperBound)
        let rows = try connection.query(pageStatement, [position, limit + 1])
        let entries = try rows.map { row in
            AuditEntry(
                id: try row.decode("id"), keyID: try row.decode("key_id"), keyPublicID: try row.decode("public_id"),
                keyName: try row.decode("name"), action: try row.decode(AuditAction.self, "action"), target: try row.decode("target"),
                detail: try row.decode("detail"), occurredAt: try row.decode("occurred_at"))
        }
        let page = Array(entries.prefix(limit))
        return (page, entries.count > limit ? page.last.map { cursor(of: $0.id) } : nil)
    }

    /// The opaque cursor of the page after entry `id`.
    static func cursor(of id: Int64) -> String {
        CursorToken.encode("audit:\(id)")
    }

    /// The entry id a cursor stands for.
    /// - Throws: `AuditError.invalidCursor` for text this API did not return.
    static func position(of cursor: String) throws(AuditError) -> Int64 {
        guard let plain = CursorToken.decode(cursor, maxLength: cursorLimit), plain.hasPrefix("audit:"),
            let id = Int64(plain.dropFirst("audit:".count)), id > 0
        else { throw .invalidCursor }
        return id
    }

    static let recordStatement = PostgresStatement(
        name: "audit_record",
        sql: "INSERT INTO baton.audit_log (key_id, action, target, detail) VALUES ($1, $2, $3, $4::jsonb)")

    static let pageStatement = PostgresStatement(
        name: "audit_page",
        sql: """
            SELECT a.id, a.key_id, k.public_id, k.name, a.action, a.target, a.detail::text AS detail, a.occurred_at
            FROM baton.audit_log a JOIN baton.api_keys k ON k.id = a.key_id
            WHERE $1::int8 IS NULL OR a.id < $1::int8
            ORDER BY a.id DESC
            LIMIT $2
            """)
}
