import BatonCore
import BatonJSON
import Foundation
import HTTP

/// The rest of an invite's life after its creation: change it
/// (`PATCH /v1/invites/{id}`), reissue its credentials
/// (`POST /v1/invites/{id}/reissue`), both with `invites:write` and
/// `Idempotency-Key`, and read its timeline (`GET /v1/invites/{id}/events`,
/// `invites:read`). HTTP <-> `InviteStore`, nothing else.
struct InviteLifecycleRoutes {
    /// A change carries at most the create's fields: the same room.
    static let changeBodyLimit = InviteRoutes.createBodyLimit
    /// Timeline entries per page when `limit` is not given.
    static let defaultTimelineLimit = 100

    let app: BatonApplication
    private var store: InviteStore { app.invites }

    func register(on router: inout Router) {
        router.group(app.requiring(.invitesWrite)) { group in
            group.patch("/v1/invites/:id", operation: .updateInvite, options: RouteOptions(maxBodyBytes: Self.changeBodyLimit)) {
                try update($0, by: $1)
            }
            group.post(
                "/v1/invites/:id/reissue", operation: .reissueInvite, options: RouteOptions(maxBodyBytes: 1024, acceptedContentTypes: nil)
            ) {
                try reissue($0, by: $1)
            }
        }
        router.group(app.requiring(.invitesRead)) { group in
            group.get("/v1/invites/:id/events", operation: .listInviteEvents) { request, _ in try timeline(request) }
        }
    }

    /// 200 with the changed invite and its redemptions.
    private func update(_ request: Request, by key: APIKeyCaller) throws -> Response {
        let id = try InviteRoutes.inviteID(request)
        let change = try InviteChange(request.decodeJSON(InviteChangeDraft.self))
        return try app.idempotentTransaction(request, caller: key) { connection in
            _ = try store.update(id: id, change, on: connection)
            let detail = try store.detail(id: id, on: connection)
            return try .json(InviteBody(invite: detail.invite, redemptions: detail.redemptions))
        }
    }

    /// 200 with the invite and its new credentials, shown this once (a
    /// replay of the same `Idempotency-Key` shows the same ones again, sealed at rest).
    private func reissue(_ request: Request, by key: APIKeyCaller) throws -> Response {
        let id = try InviteRoutes.inviteID(request)
        return try app.idempotentTransaction(request, caller: key) { connection in
            try .json(InviteRoutes(app: app).body(created: try store.reissue(id: id, on: connection)))
        }
    }

    private func timeline(_ request: Request) throws -> Response {
        let id = try InviteRoutes.inviteID(request)
        let limit = try request.pageLimit(in: InviteTimeline.limitRange, default: Self.defaultTimelineLimit) {
            InviteError.validationFailed(field: "limit", reason: $0)
        }
        let after = request.queryValue("after")
        let timeline = try app.withConnection { try store.timeline(id: id, after: after, limit: limit, on: $0) }
        return try .json(PageBody(itemsKey: "events", items: timeline.events.map(InviteEventBody.init), nextCursor: timeline.next))
    }
}

/// One event of `GET /v1/invites/{id}/events` (a page of them, oldest
/// first, is a ``PageBody``), its `data` as the webhook carries it.
struct InviteEventBody: Encodable {
    var id: String
    var type: String
    var occurredAt: Date
    var channel: String?
    var data: JSONValue

    init(_ event: InviteEvent) {
        id = event.id.uuidString.lowercased()
        type = event.type
        occurredAt = event.occurredAt
        channel = event.channel
        data = JSONValue(storedObject: event.data)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encode(occurredAt, forKey: .occurredAt)
        try container.encode(channel, forKey: .channel)
        try container.encode(data, forKey: .data)
    }

    private enum CodingKeys: String, CodingKey { case id, type, occurredAt, channel, data }
}
