import BatonCore
import Foundation
import HTTP

/// Webhook endpoints and redelivery: create, list, read, change, delete,
/// rotate a secret, send a test, read the delivery log, redeliver an event.
/// Scopes: `webhooks:write` to change or send, `webhooks:read` to read.
/// HTTP <-> `WebhookEndpointStore`, `WebhookDeliveryLog` and `OutboxEvents`.
struct WebhookEndpointRoutes {
    /// The default overlap of a rotation: a day.
    static let defaultPreviousExpiry = 86_400

    let app: BatonApplication
    private var store: WebhookEndpointStore { app.webhookEndpoints }
    private var maxAttempts: Int { app.configuration.webhookDelivery.maxAttempts }
    private var destinations: DestinationPolicy { app.configuration.webhookDelivery.destinations }

    func register(on router: inout Router) {
        let optionalBody = RouteOptions(maxBodyBytes: 1024, acceptedContentTypes: nil)
        router.group(app.requiring(.webhooksWrite)) { group in
            group.post("/v1/webhook-endpoints", operation: .createWebhookEndpoint, options: RouteOptions(maxBodyBytes: 16 * 1024)) {
                request, _ in try create(request)
            }
            group.patch("/v1/webhook-endpoints/:id", operation: .updateWebhookEndpoint, options: RouteOptions(maxBodyBytes: 16 * 1024)) {
                request, _ in try update(request)
            }
            group.delete("/v1/webhook-endpoints/:id", operation: .deleteWebhookEndpoint, options: optionalBody) { request, _ in
                try delete(request)
            }
            group.post("/v1/webhook-endpoints/:id/rotate-secret", operation: .rotateWebhookSecret, options: optionalBody) { request, _ in
                try rotate(request)
            }
            group.post("/v1/webhook-endpoints/:id/test", operation: .testWebhookEndpoint, options: optionalBody) { request, _ in
                try test(request)
            }
            group.post("/v1/events/:id/redeliver", operation: .redeliverEvent, options: optionalBody) { request, _ in try redeliver(request)
            }
        }
        router.group(app.requiring(.webhooksRead)) { group in
            group.get("/v1/webhook-endpoints", operation: .listWebhookEndpoints) { request, _ in try list(request) }
            group.get("/v1/webhook-endpoints/:id", operation: .getWebhookEndpoint) { request, _ in try show(request) }
            group.get("/v1/webhook-endpoints/:id/deliveries", operation: .listWebhookDeliveries) { request, _ in try deliveries(request) }
        }
    }

    private func create(_ request: Request) throws -> Response {
        let draft = try request.decodeJSON(EndpointDraft.self)
        let new = try NewWebhookEndpoint(
            url: draft.url, description: draft.description, enabledEvents: draft.enabledEvents, disabled: draft.disabled,
            signatureScheme: draft.signatureScheme, destinations: destinations)
        let (endpoint, secret) = try app.withConnection { try store.create(new, on: $0) }
        return try .json(WebhookEndpointBody(endpoint: endpoint, secret: secret), status: 201)
    }

    private func list(_ request: Request) throws -> Response {
        let limit = try request.pageLimit(in: WebhookEndpointStore.limitRange, default: 50) {
            WebhookEndpointError.validationFailed(field: "limit", reason: $0)
        }
        var after: UUID?
        if let text = request.queryValue("after") {
            guard let id = UUID(uuidString: text) else { throw Self.badCursor }
            after = id
        }
        let page = try app.withConnection { try store.list(after: after, limit: limit, on: $0) }
        return try .json(
            PageBody(
                itemsKey: "webhook_endpoints", items: page.endpoints.map { WebhookEndpointBody(endpoint: $0) },
                nextCursor: page.next?.uuidString.lowercased()))
    }

    private func show(_ request: Request) throws -> Response {
        let id = try Self.endpointID(request)
        return try .json(WebhookEndpointBody(endpoint: try app.withConnection { try store.endpoint(id: id, on: $0) }))
    }

    private func update(_ request: Request) throws -> Response {
        let id = try Self.endpointID(request)
        let draft = try request.decodeJSON(EndpointDraft.self)
        let change = try WebhookEndpointChange(
            url: draft.url, description: draft.description, enabledEvents: draft.enabledEvents, disabled: draft.disabled,
            signatureScheme: draft.signatureScheme, destinations: destinations)
        return try .json(WebhookEndpointBody(endpoint: try app.withConnection { try store.update(id: id, change, on: $0) }))
    }

    private func delete(_ request: Request) throws -> Response {
        let id = try Self.endpointID(request)
        try app.withConnection { try store.delete(id: id, on: $0) }
        return .noContent
    }

    private func rotate(_ request: Request) throws -> Response {
        let id = try Self.endpointID(request)
        let body = request.body.isEmpty ? RotateDraft() : try request.decodeJSON(RotateDraft.self)
        let (endpoint, secret) = try app.withConnection {
            try store.rotateSecret(id: id, previousExpiresIn: body.previousExpiresInSeconds ?? Self.defaultPreviousExpiry, on: $0)
        }
        return try .json(WebhookEndpointBody(endpoint: endpoint, secret: secret))
    }

    private func test(_ request: Request) throws -> Response {
        let id = try Self.endpointID(request)
        guard let eventID = try app.withConnection({ try OutboxEvents.recordTest(endpointID: id, maxAttempts: maxAttempts, on: $0) }) else {
            throw WebhookEndpointError.notFound
        }
        return try .json(["event_id": eventID.uuidString.lowercased()], status: 202)
    }

    private func deliveries(_ request: Request) throws -> Response {
        let id = try Self.endpointID(request)
        var filter: WebhookDeliveryLog.Filter?
        if let text = request.queryValue("status") {
            guard let parsed = WebhookDeliveryLog.Filter(rawValue: text) else {
                throw WebhookEndpointError.validationFailed(field: "status", reason: "must be \(WebhookDeliveryLog.Filter.choices)")
            }
            filter = parsed
        }
        var after: Int64?
        if let text = request.queryValue("after") {
            guard let position = Int64(text), position > 0 else { throw Self.badCursor }
            after = position
        }
        let limit = try request.pageLimit(in: WebhookDeliveryLog.limitRange, default: 50) {
            WebhookEndpointError.validationFailed(field: "limit", reason: $0)
        }
        let page = try app.withConnection { connection in
            let page = try WebhookDeliveryLog.page(endpointID: id, filter: filter, after: after, limit: limit, on: connection)
            // An entry's foreign key proves its endpoint exists; only an empty page needs the lookup to tell 404.
            if page.attempts.isEmpty { _ = try store.endpoint(id: id, on: connection) }
            return page
        }
        return try .json(
            PageBody(itemsKey: "deliveries", items: page.attempts.map(DeliveryBody.init), nextCursor: page.next.map(String.init)))
    }

    private func redeliver(_ request: Request) throws -> Response {
        guard let text = request.parameter("id"), let eventID = UUID(uuidString: text) else { throw WebhookEndpointError.eventNotFound }
        let body = request.body.isEmpty ? RedeliverDraft() : try request.decodeJSON(RedeliverDraft.self)
        var endpointID: UUID?
        if let text = body.endpointID {
            guard let id = UUID(uuidString: text) else { throw WebhookEndpointError.notFound }
            endpointID = id
        }
        let jobs = try app.transaction { connection in
            if let endpointID { _ = try store.endpoint(id: endpointID, on: connection) }
            guard let jobs = try OutboxEvents.redeliver(eventID: eventID, endpointID: endpointID, maxAttempts: maxAttempts, on: connection)
            else { throw WebhookEndpointError.eventNotFound }
            return jobs
        }
        return try .json(RedeliveryBody(eventID: eventID.uuidString.lowercased(), deliveries: jobs), status: 202)
    }

    /// A malformed id can name no endpoint: 404 without a lookup.
    static func endpointID(_ request: Request) throws(WebhookEndpointError) -> UUID {
        guard let text = request.parameter("id"), let id = UUID(uuidString: text) else { throw .notFound }
        return id
    }

    private static let badCursor = WebhookEndpointError.validationFailed(field: "after", reason: "is not a cursor this API returned")
}

/// `POST` and `PATCH` bodies: every field optional, so that a missing one is
/// reported by the checks with its name.
private struct EndpointDraft: Decodable {
    var url: String?
    var description: String?
    var enabledEvents: [String]?
    var disabled: Bool?
    var signatureScheme: String?

    private enum CodingKeys: String, CodingKey {
        case url, description, enabledEvents = "enabled_events", disabled, signatureScheme = "signature_scheme"
    }
}

/// `POST .../rotate-secret`.
private struct RotateDraft: Decodable {
    var previousExpiresInSeconds: Int?

    private enum CodingKeys: String, CodingKey { case previousExpiresInSeconds = "previous_expires_in_seconds" }
}

/// `POST /v1/events/{id}/redeliver`.
private struct RedeliverDraft: Decodable {
    var endpointID: String?

    private enum CodingKeys: String, CodingKey { case endpointID = "endpoint_id" }
}

/// `202` of a redelivery: the event and how many deliveries were queued.
private struct RedeliveryBody: Encodable {
    var eventID: String
    var deliveries: Int
}
