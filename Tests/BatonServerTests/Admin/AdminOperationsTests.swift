import BatonCore
import Foundation
import Testing

@Suite("/admin webhooks, queue and audit trail", .timeLimit(.minutes(10)))
struct AdminOperationsTests {
    let app: TestApp
    let browser: AdminBrowser

    init() throws {
        app = try TestApp(environment: ["BATON_RATE_LIMITS": "off"])
        browser = try AdminBrowser.signIn(app, key: app.adminKey)
    }

    /// An endpoint, an event for it, and one failed attempt whose answer was `body` with status 500.
    func failedDelivery(body: String) throws -> (endpoint: UUID, event: UUID) {
        let endpoint = try app.addWebhookEndpoint(url: "https://hooks.example.com/down").endpoint.id
        let invite = try app.makeInvite()
        return try app.withConnection { connection in
            let event = try connection.query(
                "INSERT INTO baton.events (type, invite_id, family_id) VALUES ('invite.revoked', $1, 'fam') RETURNING event_id", [invite.id]
            )[0].decode(UUID.self, at: 0)
            _ = try connection.query(
                """
                INSERT INTO baton.webhook_deliveries (endpoint_id, event_id, attempt, attempted_at, duration_ms, http_status, succeeded, response_prefix)
                VALUES ($1, $2, 1, now(), 12, 500, false, convert_to($3, 'UTF8'))
                """, [endpoint, event, body])
            return (endpoint, event)
        }
    }

    @Test("the webhooks page shows an endpoint's signature scheme, failure streak and the receiver's answer escaped")
    func showsHealth() throws {
        _ = try failedDelivery(body: "<script>alert('down')</script>")
        try app.addWebhookEndpoint(url: "https://hooks.example.com/standard", signatureScheme: .standardWebhooks)
        let html = try browser.get("/admin/webhooks").text
        #expect(html.contains("<dt>Signature scheme</dt><dd><code>baton</code></dd>"))
        #expect(html.contains("<dt>Signature scheme</dt><dd><code>standard_webhooks</code></dd>"))
        #expect(html.contains("<dt>Failed attempts in a row</dt><dd>1</dd>"))
        #expect(html.contains("HTTP 500<pre>&lt;script&gt;alert(&#39;down&#39;)&lt;/script&gt;</pre>"))
        #expect(!html.contains("<script>"))
    }

    @Test("redelivering queues one delivery of the event to that endpoint, with its audit entry")
    func redelivers() throws {
        let (endpoint, event) = try failedDelivery(body: "no")
        let jobs = "SELECT count(*) FROM baton.jobs WHERE args ->> 'event_id' = $1 AND args ->> 'endpoint_id' = $2"
        let parameters: [String] = [event.uuidString.lowercased(), endpoint.uuidString.lowercased()]
        let before = try app.count(jobs, parameters)
        let response = try browser.post("/admin/events/\(event.uuidString.lowercased())/redeliver", ["endpoint_id": parameters[1]])
        #expect(response.status == 303 && response.header("Location") == "/admin/webhooks?notice=redelivered")
        #expect(try app.count(jobs, parameters) == before + 1)
        let detail = try app.withConnection {
            try $0.query("SELECT target, detail ->> 'endpoint_id' FROM baton.audit_log WHERE action = 'event.redelivered'").map {
                [try $0.decode(String.self, at: 0), try $0.decode(String.self, at: 1)]
            }
        }
        #expect(detail == [parameters])
    }

    @Test("a discarded job is retried and then cancelled from the queue page; a completed one answers 409 and is not audited")
    func retriesAndCancels() throws {
        let ids = try app.withConnection { connection in
            try connection.query(
                """
                INSERT INTO baton.jobs (kind, args, state, attempt, max_attempts, finalized_at)
                VALUES ('webhook.deliver', '{}', 'discarded', 5, 5, now()), ('webhook.deliver', '{}', 'completed', 1, 5, now())
                RETURNING id
                """
            ).map { try $0.decode(Int64.self, at: 0) }
        }
        #expect(try browser.get("/admin/queue").text.contains("action=\"/admin/jobs/\(ids[0])/retry\""))
        #expect(try browser.post("/admin/jobs/\(ids[0])/retry").header("Location") == "/admin/queue?notice=retried")
        #expect(try app.count("SELECT count(*) FROM baton.jobs WHERE id = $1 AND state = 'available'", [ids[0]]) == 1)
        #expect(try browser.post("/admin/jobs/\(ids[0])/cancel").status == 303)
        #expect(try app.count("SELECT count(*) FROM baton.jobs WHERE id = $1 AND state = 'cancelled'", [ids[0]]) == 1)
        let refused = try browser.post("/admin/jobs/\(ids[1])/retry")
        #expect(refused.status == 409 && refused.text.contains("can&#39;t be retried"))
        #expect(try browser.post("/admin/jobs/999999/cancel").status == 404)
        let actions = try app.withConnection {
            try $0.query("SELECT action, target FROM baton.audit_log WHERE action LIKE 'job.%' ORDER BY id").map {
                "\(try $0.decode(String.self, at: 0)) \(try $0.decode(String.self, at: 1))"
            }
        }
        #expect(actions == ["job.retried \(ids[0])", "job.cancelled \(ids[0])"])
    }

    @Test("the audit page lists every action newest first with the key that did it")
    func auditPage() throws {
        let invite = try app.makeInvite()
        _ = try browser.post("/admin/invites/\(invite.id.uuidString.lowercased())/revoke")
        let html = try browser.get("/admin/audit").text
        let revoke = try #require(html.range(of: "<code>invite.revoked</code>"))
        let signIn = try #require(html.range(of: "<code>session.signed_in</code>"))
        #expect(revoke.lowerBound < signIn.lowerBound)
        #expect(html.contains("test admin"))
        #expect(try browser.get("/admin/audit?after=bogus").status == 303)
    }
}
