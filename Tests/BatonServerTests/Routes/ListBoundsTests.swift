import BatonCore
import Foundation
import Testing

@Suite("Every list route bounds its page", .timeLimit(.minutes(10)))
struct ListBoundsTests {
    /// A list route: its path (`{endpoint}` and `{invite}` filled in by the
    /// test), the largest page it answers, and how it refuses a larger one.
    struct ListRoute: Sendable, CustomTestStringConvertible {
        let path: String
        let largest: Int
        let status: Int
        let code: String

        var testDescription: String { path }
    }

    static let routes = [
        ListRoute(path: "/v1/invites", largest: InviteQuery.limitRange.upperBound, status: 422, code: "validation_failed"),
        ListRoute(
            path: "/v1/invites/{invite}/events", largest: InviteTimeline.limitRange.upperBound, status: 422, code: "validation_failed"),
        ListRoute(path: "/v1/events", largest: EventFeed.Query.limitRange.upperBound, status: 400, code: "invalid_parameter"),
        ListRoute(path: "/v1/audit", largest: AuditLog.limitRange.upperBound, status: 400, code: "invalid_parameter"),
        ListRoute(
            path: "/v1/webhook-endpoints", largest: WebhookEndpointStore.limitRange.upperBound, status: 422, code: "validation_failed"),
        ListRoute(
            path: "/v1/webhook-endpoints/{endpoint}/deliveries", largest: WebhookDeliveryLog.limitRange.upperBound, status: 422,
            code: "validation_failed"),
    ]

    @Test("a list answers its largest page and refuses one more, naming limit", arguments: routes)
    func pageIsBounded(route: ListRoute) throws {
        let (app, client) = try TestApp.withClient(rateLimited: false)
        let invite = try app.makeInvite()
        let endpoint = try app.addWebhookEndpoint().endpoint
        let path = route.path.replacingOccurrences(of: "{invite}", with: invite.id.uuidString.lowercased())
            .replacingOccurrences(of: "{endpoint}", with: endpoint.id.uuidString.lowercased())
        #expect(route.largest <= 1_000)
        #expect(try client.get(path + "?limit=\(route.largest)").status == 200)
        let refused = try client.get(path + "?limit=\(route.largest + 1)")
        #expect(refused.status == route.status && refused.errorCode == route.code)
        #expect(refused.errorDetails["field"] as? String == "limit")
    }
}
