import BatonCore
import BatonLinks
import Foundation
import HTTP

/// The backend's invite API: create (one or a batch, with `Idempotency-Key`),
/// read, list and revoke. Scopes: `invites:write` to change, `invites:read`
/// to read, each checked once by its group's guard. HTTP <-> `InviteStore`, nothing else.
struct InviteRoutes {
    /// A single create: 7 strings of at most 128 characters and 4 KB of metadata fit easily.
    static let createBodyLimit = 16 * 1024
    /// A full batch of 1,000 items with their metadata.
    static let batchBodyLimit = 6 * 1024 * 1024

    let app: BatonApplication
    private var store: InviteStore { app.invites }

    func register(on router: inout Router) {
        router.group(app.requiring(.invitesWrite)) { group in
            group.post("/v1/invites", operation: .createInvite, options: RouteOptions(maxBodyBytes: Self.createBodyLimit)) {
                try create($0, by: $1)
            }
            group.post("/v1/invites/batch", operation: .createInvites, options: RouteOptions(maxBodyBytes: Self.batchBodyLimit)) {
                try createBatch($0, by: $1)
            }
            group.post(
                "/v1/invites/:id/revoke", operation: .revokeInvite, options: RouteOptions(maxBodyBytes: 1024, acceptedContentTypes: nil)
            ) { request, _ in
                try revoke(request)
            }
        }
        router.group(app.requiring(.invitesRead)) { group in
            group.get("/v1/invites", operation: .listInvites) { request, _ in try list(request) }
            group.get("/v1/invites/:id", operation: .getInvite) { request, _ in try show(request) }
        }
    }

    private func create(_ request: Request, by key: APIKeyCaller) throws -> Response {
        let invite = try Self.newInvite(in: request)
        // One invite is one INSERT (with its event) that commits by itself; a
        // credential collision inserts nothing and the retry is another such statement.
        // Counted once the work committed; a replayed key runs no work and counts nothing.
        var issued = 0
        let response = try app.idempotentTransaction(request, caller: key, singleStatement: true) { connection in
            let created = try store.create(invite, createdBy: key.keyID, on: connection)
            issued = 1
            return try .json(body(created: created), status: 201)
        }
        app.metrics.invitesIssued.increment(by: issued)
        return response
    }

    private func createBatch(_ request: Request, by key: APIKeyCaller) throws -> Response {
        let invites = try Self.newInvites(in: request)
        var issued = 0
        let response = try app.idempotentTransaction(request, caller: key) { connection in
            let created = try store.create(invites, createdBy: key.keyID, on: connection)
            issued = created.count
            return try .json(["invites": created.map(body(created:))], status: 201)
        }
        app.metrics.invitesIssued.increment(by: issued)
        return response
    }

    private func show(_ request: Request) throws -> Response {
        let id = try Self.inviteID(request)
        let detail = try app.withConnection { try store.detail(id: id, on: $0) }
        return try .json(InviteBody(invite: detail.invite, redemptions: detail.redemptions))
    }

    private func list(_ request: Request) throws -> Response {
        let query = try Self.listQuery(request)
        let page = try app.withConnection { try store.list(query, on: $0) }
        return try .json(PageBody(itemsKey: "invites", items: page.invites.map { InviteBody(invite: $0) }, nextCursor: page.next?.text))
    }

    /// 200 with the invite whether this call revoked it or it was final already.
    private func revoke(_ request: Request) throws -> Response {
        let id = try Self.inviteID(request)
        let (detail, revoked) = try app.transaction { try store.revoke(id: id, on: $0) }
        if revoked {
            app.metrics.invitesRevoked.increment()
        }
        return try .json(InviteBody(invite: detail.invite, redemptions: detail.redemptions))
    }

    /// The invite with its credentials, as the create and the reissue answer.
    func body(created: CreatedInvite) throws -> InviteBody {
        let host = try app.configuration.links.requirePublicHost()
        return InviteBody(
            invite: created.invite,
            credentials: .init(
                code: created.code.displayText,
                token: created.token.text,
                link: created.token.inviteLink(host: host),
                appClipLink: app.configuration.links.clipBundleID.map(created.token.defaultAppClipLink(clipBundleID:))
            ))
    }

    /// The create body, validated (no database).
    /// - Throws: 400/415 for the body, 422 `validation_failed`.
    static func newInvite(in request: Request) throws -> NewInvite {
        try NewInvite(request.decodeJSON(InviteDraft.self))
    }

    /// The batch body, validated (no database): 1 to `InviteStore.batchLimit` items.
    /// - Throws: 400/415 for the body, 422 `validation_failed` naming the item.
    static func newInvites(in request: Request) throws -> [NewInvite] {
        guard let drafts = try request.decodeJSON(InviteBatchDraft.self).invites else {
            throw InviteError.validationFailed(field: "invites", reason: "is required")
        }
        guard (1...InviteStore.batchLimit).contains(drafts.count) else {
            throw InviteError.validationFailed(field: "invites", reason: "must hold 1 to \(InviteStore.batchLimit) items")
        }
        return try drafts.enumerated().map { index, draft throws(InviteError) in try NewInvite(draft, field: "invites.\(index).") }
    }

    /// A malformed id can name no invite: 404 without a lookup.
    static func inviteID(_ request: Request) throws(InviteError) -> UUID {
        guard let text = request.parameter("id"), let id = UUID(uuidString: text) else { throw .notFound }
        return id
    }

    private static func listQuery(_ request: Request) throws(InviteError) -> InviteQuery {
        var query = InviteQuery()
        if let familyID = request.queryValue("family_id") {
            guard NewInvite.idLength.contains(familyID.unicodeScalars.count) else {
                throw .validationFailed(field: "family_id", reason: "must have 1 to 128 characters")
            }
            query.familyID = familyID
        }
        if let inviterID = request.queryValue("inviter_id") {
            guard NewInvite.idLength.contains(inviterID.unicodeScalars.count) else {
                throw .validationFailed(field: "inviter_id", reason: "must have 1 to 128 characters")
            }
            query.inviterID = inviterID
        }
        if let state = request.queryValue("state") {
            guard let parsed = Invite.State(rawValue: state) else {
                throw .validationFailed(field: "state", reason: "must be active, used_up, expired or revoked")
            }
            query.state = parsed
        }
        query.limit = try request.pageLimit(in: InviteQuery.limitRange, default: query.limit) {
            InviteError.validationFailed(field: "limit", reason: $0)
        }
        if let after = request.queryValue("after") { query.after = try InviteCursor(parsing: after) }
        return query
    }
}
