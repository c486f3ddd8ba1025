import BatonCore
import Foundation
import PostgresLauncher
import Testing

/// Whether HTML Tidy is installed, for the strict parse below.
private let tidyPath = ["/usr/bin/tidy", "/usr/local/bin/tidy"].first { FileManager.default.isExecutableFile(atPath: $0) }

@Suite("Every HTML page parses cleanly", .timeLimit(.minutes(10)))
struct DashboardHTMLTests {
    @Test(
        "HTML Tidy reports no error or warning on the dashboard in either view, its form errors, the 401 page, every signed-in admin page, the landing page and the not-found page"
    )
    func pagesParseCleanly() throws {
        let tidy = try #require(tidyPath, "HTML Tidy is not installed (scripts/setup installs it): the strict parse cannot run")
        let app = try TestApp(environment: ["BATON_RATE_LIMITS": "off"])
        let invite = try app.makeInvite()
        let browser = try AdminBrowser.signIn(app, key: app.adminKey)
        let client = try app.client()
        for family in ["fam_a", "fam_b"] {
            #expect(try client.post("/v1/invites", json: ["family_id": family, "family_name": "Plain"]).status == 201)
        }
        _ = try app.withConnection { try $0.query("UPDATE baton.invites SET family_name = $1", ["<b>\"Odd\" & 'name'\u{202E}</b>"]) }
        client.apiKey = nil
        let key = try app.makeKey([.metricsRead])
        let pages = [
            ("dashboard", try client.get("/admin", headers: AdminRoutesTests.basic(key))),
            (
                "hourly dashboard",
                try client.get("/admin?interval=hour&from=2026-11-01&to=2026-11-03", headers: AdminRoutesTests.basic(key))
            ),
            ("cohort by family", try client.get("/admin?view=cohort&group_by=family", headers: AdminRoutesTests.basic(key))),
            ("form error", try client.get("/admin?interval=fortnight", headers: AdminRoutesTests.basic(key))),
            ("view error", try client.get("/admin?view=funnel", headers: AdminRoutesTests.basic(key))),
            ("401", try client.get("/admin")),
            ("sign-in", try client.get("/admin/sign-in")),
            ("invite search", try browser.get("/admin/invites")),
            ("invite", try browser.get("/admin/invites/" + invite.id.uuidString.lowercased())),
            ("webhooks", try browser.get("/admin/webhooks")),
            ("queue", try browser.get("/admin/queue")),
            ("audit", try browser.get("/admin/audit")),
            ("landing", try client.get("/invite/\(invite.token.text)")),
            ("not found", try client.get("/invite/" + String(repeating: "A", count: 43))),
        ]
        for (label, response) in pages {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("baton-admin-\(UUID().uuidString).html")
            try response.body.write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let outcome = try Subprocess(tidy, ["-errors", "-quiet", "-utf8", file.path]).run()
            #expect(outcome.status == 0 && outcome.output.isEmpty, "\(label): tidy exited \(outcome.status): \(outcome.output)")
        }
    }
}
