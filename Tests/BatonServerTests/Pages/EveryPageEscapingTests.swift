import BatonCore
import Foundation
import Testing

/// Every stored value a page shows, planted with markup, quotes and a
/// right-to-left override, on every HTML page Baton serves: the invite's
/// landing page and each `/admin` page. The API refuses such values; rows
/// written by hand or by older versions may hold them, so they are written
/// straight into the database here.
@Suite("Every HTML page escapes what it shows", .timeLimit(.minutes(10)))
struct EveryPageEscapingTests {
    /// Markup that would run, an attribute break, and U+202E.
    static let hostile = "<script>alert('x')</script>\"\u{202E}"
    /// ``hostile`` as every page must show it: escaped, the override visible.
    static let shown = #"&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&quot;\u{202E}"#

    let app: TestApp
    let browser: AdminBrowser
    let invite: TestInvite

    init() throws {
        app = try TestApp(environment: ["BATON_RATE_LIMITS": "off"])
        browser = try AdminBrowser.signIn(app, key: app.adminKey)
        invite = try app.makeInvite()
        let endpoint = try app.addWebhookEndpoint().endpoint.id
        let hostile = Self.hostile
        try app.withConnection { connection in
            try connection.query(
                "UPDATE baton.invites SET family_id = $1, family_name = $1, inviter_name = $1 WHERE id = $2", [hostile, invite.id])
            try connection.query(
                "INSERT INTO baton.redemptions (invite_id, redeemer_id, channel) VALUES ($1, $2, 'app')", [invite.id, hostile])
            try connection.query(
                "UPDATE baton.webhook_endpoints SET url = $1, description = $1, disabled = true, disabled_reason = $1 WHERE id = $2",
                [hostile, endpoint])
            let event = try connection.query(
                "INSERT INTO baton.events (type, invite_id, family_id) VALUES ('invite.revoked', $1, $2) RETURNING event_id",
                [invite.id, hostile]
            )[0].decode(UUID.self, at: 0)
            try connection.query(
                """
                INSERT INTO baton.webhook_deliveries (endpoint_id, event_id, attempt, attempted_at, duration_ms, http_status, succeeded, response_prefix)
                VALUES ($1, $2, 1, now(), 12, 500, false, convert_to($3, 'UTF8'))
                """, [endpoint, event, hostile])
            try connection.query(
                "INSERT INTO baton.jobs (kind, state, errors) VALUES ($1, 'discarded', jsonb_build_array($1::text))", [hostile])
            try connection.query("UPDATE baton.audit_log SET target = $1, detail = jsonb_build_object('note', $1::text)", [hostile])
            try connection.query("UPDATE baton.api_keys SET name = $1", [hostile])
        }
    }

    @Test(
        "each page shows the planted value escaped, with no markup of it and no raw override",
        arguments: ["/invite", "/admin", "/admin/invites/", "/admin/webhooks", "/admin/queue", "/admin/audit"])
    func pageEscapes(_ path: String) throws {
        let response =
            switch path {
            case "/invite": try app.client().get("/invite/\(invite.token.text)")
            case "/admin/invites/": try browser.get(path + invite.id.uuidString.lowercased())
            default: try browser.get(path)
            }
        #expect(response.status == 200)
        #expect(response.text.contains(Self.shown), "\(path) does not show the planted value escaped")
        #expect(!response.text.contains("<script>alert"))
        #expect(!response.text.contains("\"\u{202E}") && !response.text.unicodeScalars.contains("\u{202E}"))
    }
}
