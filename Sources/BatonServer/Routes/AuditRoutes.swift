import BatonCore
import BatonJSON
import Foundation
import HTTP

/// `GET /v1/audit?after=&limit=` (scope `admin`): the audit trail of
/// `/admin`'s actions, newest first, keyset pages after an opaque cursor.
/// 400 `invalid_cursor` or `invalid_parameter` before any database work.
struct AuditRoutes {
    let app: BatonApplication

    func register(on router: inout Router) {
        router.group(app.requiring(.admin)) { group in
            group.get("/v1/audit", operation: .listAuditEntries) { request, _ in try list(request) }
        }
    }

    private func list(_ request: Request) throws -> Response {
        let limit = try request.pageLimit(in: AuditLog.limitRange, default: AuditLog.defaultLimit) { _ in AuditError.invalidLimit }
        let after = request.queryValue("after")
        let page = try app.withConnection { try AuditLog.page(after: after, limit: limit, on: $0) }
        return try .json(PageBody(itemsKey: "entries", items: page.entries.map(AuditEntryBody.init), nextCursor: page.next))
    }
}

/// One audit entry as the API writes it.
struct AuditEntryBody: Encodable {
    var id: String
    var keyID: String
    var keyPublicID: String
    var keyName: String
    var action: String
    var target: String
    var detail: JSONValue
    var occurredAt: Date

    init(_ entry: AuditEntry) {
        id = String(entry.id)
        keyID = entry.keyID.uuidString.lowercased()
        keyPublicID = entry.keyPublicID
        keyName = entry.keyName
        action = entry.action.rawValue
        target = entry.target
        detail = JSONValue(storedObject: entry.detail)
        occurredAt = entry.occurredAt
    }

    private enum CodingKeys: String, CodingKey {
        case id, keyID = "key_id", keyPublicID = "key_public_id", keyName = "key_name", action, target, detail, occurredAt = "occurred_at"
    }
}
