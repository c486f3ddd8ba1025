import BatonCore
import Foundation
import HTTP

/// `GET /admin/webhooks` (``AdminWebhooksPage``) and
/// `POST /admin/events/{id}/redeliver`, which queues the event for the
/// form's endpoint through ``OutboxEvents/redeliver(eventID:endpointID:maxAttempts:on:)``,
/// as `POST /v1/events/{id}/redeliver` does, in one transaction with its audit entry.
struct AdminWebhookRoutes {
    /// Endpoints shown: the API's largest page.
    static let endpointLimit = WebhookEndpointStore.limitRange.upperBound
    /// Attempts read per endpoint for its failure streak.
    static let streakWindow = 20
    /// Failed deliveries listed per endpoint.
    static let failureLimit = 10

    let admin: AdminRoutes
    private var app: BatonApplication { admin.app }

    /// The fixed sentences `?notice=` selects after an action.
    static let notices = [
        "redelivered": "Redelivery queued: the worker sends the event again shortly.",
        "nothing": "Nothing was queued: the endpoint is disabled or no longer exists.",
    ]

    func register(on group: inout RouteGroup<AdminCaller>) {
        group.get("/admin/webhooks", operation: .adminWebhooks) { request, caller in try show(request, caller) }
        AdminRoutes.post("/admin/events/:id/redeliver", operation: .adminEventRedeliver, on: &group) { request, caller, form in
            try redeliver(request, caller, form)
        }
    }

    private func show(_ request: Request, _ caller: AdminCaller) throws -> Response {
        let endpoints = try app.withConnection { connection in
            try app.webhookEndpoints.list(after: nil, limit: Self.endpointLimit, on: connection).endpoints.map { endpoint in
                AdminWebhooksPage.Health(
                    endpoint: endpoint,
                    latest: try WebhookDeliveryLog.page(
                        endpointID: endpoint.id, filter: nil, after: nil, limit: Self.streakWindow, on: connection
                    ).attempts,
                    failures: try WebhookDeliveryLog.page(
                        endpointID: endpoint.id, filter: .failed, after: nil, limit: Self.failureLimit, on: connection
                    ).attempts)
            }
        }
        let notice = request.queryValue("notice").flatMap { Self.notices[$0] }
        return AdminLayout.response(AdminWebhooksPage(session: caller.session).html(endpoints, notice: notice))
    }

    private func redeliver(_ request: Request, _ caller: AdminCaller, _ form: AdminForm) throws -> Response {
        guard let eventID = request.parameter("id").flatMap(UUID.init(uuidString:)) else { throw WebhookEndpointError.eventNotFound }
        guard let endpointID = form["endpoint_id"].flatMap(UUID.init(uuidString:)) else { throw WebhookEndpointError.notFound }
        let jobs = try app.transaction { connection in
            guard
                let jobs = try OutboxEvents.redeliver(
                    eventID: eventID, endpointID: endpointID, maxAttempts: app.configuration.webhookDelivery.maxAttempts, on: connection)
            else { throw WebhookEndpointError.eventNotFound }
            if jobs > 0 {
                try AuditLog.record(
                    .eventRedelivered, by: caller.session.keyID, target: eventID.uuidString.lowercased(),
                    detail: ["endpoint_id": endpointID.uuidString.lowercased(), "deliveries": String(jobs)], on: connection)
            }
            return jobs
        }
        return AdminLayout.seeOther("/admin/webhooks?notice=" + (jobs > 0 ? "redelivered" : "nothing"))
    }
}
