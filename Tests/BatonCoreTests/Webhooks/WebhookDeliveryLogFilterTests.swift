import BatonCore
import BatonTestSupport
import Foundation
import Postgres
import Testing

@Suite("Webhook delivery log filters", .timeLimit(.minutes(10)))
struct WebhookDeliveryLogFilterTests {
    @Test(
        "each status lists only its own attempts: failed never includes one without an outcome, interrupted lists exactly those",
        arguments: WebhookAttempt.Status.allCases)
    func statusFilterIsExact(status: WebhookAttempt.Status) throws {
        let db = try MigratedDatabase()
        let (endpoint, _) = try db.addWebhookEndpoint()
        // Two attempts of each kind: answered 2xx, answered 500, no outcome (in flight or interrupted).
        try db.connection.query(
            """
            INSERT INTO baton.webhook_deliveries (endpoint_id, event_id, attempt, attempted_at, http_status, succeeded)
            SELECT $1, gen_random_uuid(), n, now(), status, succeeded
            FROM (VALUES (1, 200, true), (2, 500, false), (3, NULL, NULL), (4, 204, true), (5, NULL, false), (6, NULL, NULL))
                AS a(n, status, succeeded)
            """, [endpoint.id])
        let page = try WebhookDeliveryLog.page(endpointID: endpoint.id, filter: status, after: nil, limit: 10, on: db.connection)
        #expect(page.attempts.count == 2)
        #expect(page.attempts.allSatisfy { $0.status == status })
        let all = try WebhookDeliveryLog.page(endpointID: endpoint.id, filter: nil, after: nil, limit: 10, on: db.connection)
        #expect(all.attempts.count == 6)
    }

    @Test("the refusal of an unknown status names every accepted one")
    func choicesNameEveryStatus() {
        #expect(WebhookAttempt.Status.choices == "succeeded, failed or interrupted")
    }
}
