import BatonCore
import Foundation
import Testing

@Suite("GET /admin", .timeLimit(.minutes(10)))
struct AdminRoutesTests {
    let app: TestApp
    let client: HTTPTestClient

    init() throws {
        (app, client) = try TestApp.withClient(rateLimited: false)
    }

    /// `Authorization: Basic` with `password` (and a user name the page ignores).
    static func basic(_ password: String, user: String = "ops") -> [(String, String)] {
        [("Authorization", "Basic " + Data("\(user):\(password)".utf8).base64EncodedString())]
    }

    /// The page for `query` with a fresh `metrics:read` key.
    func page(_ query: String = "") throws -> HTTPTestClient.Response {
        let key = try app.makeKey([.metricsRead])
        return try client.get("/admin" + query, headers: Self.basic(key))
    }

    static let unusableCredentials: [(label: String, header: String?)] = [
        ("no Authorization header", nil),
        ("an API key as a bearer token", "Bearer KEY"),
        ("an unknown key as the password", "Basic " + Data("ops:bk_unknown".utf8).base64EncodedString()),
        ("a header that is not base64", "Basic %%%"),
        ("a user name without a password", "Basic " + Data("ops".utf8).base64EncodedString()),
    ]

    @Test("without a usable key /admin answers 401 with a Basic challenge", arguments: unusableCredentials)
    func refusesWithoutKey(_ credentials: (label: String, header: String?)) throws {
        client.apiKey = nil
        let headers = credentials.header.map { [("Authorization", $0.replacingOccurrences(of: "KEY", with: app.adminKey))] } ?? []
        let response = try client.get("/admin", headers: headers)
        #expect(response.status == 401, "\(credentials.label)")
        #expect(response.header("WWW-Authenticate") == #"Basic realm="Baton admin", charset="UTF-8""#)
        #expect(!String(decoding: response.body, as: UTF8.self).contains("<svg"))
    }

    @Test("a live key without metrics:read gets 403 and no data")
    func refusesKeyWithoutScope() throws {
        client.apiKey = nil
        let key = try app.makeKey([.invitesWrite, .invitesRead])
        let response = try client.get("/admin", headers: Self.basic(key))
        #expect(response.status == 403)
        #expect(response.header("WWW-Authenticate") == nil)
        #expect(String(decoding: response.body, as: UTF8.self).contains("metrics:read"))
    }

    @Test(
        "a key with metrics:read gets the page as HTML under a CSP that forbids scripts", arguments: [Set<Scope>([.metricsRead]), [.admin]])
    func servesPageWithScope(_ scopes: Set<Scope>) throws {
        client.apiKey = nil
        let response = try client.get("/admin", headers: Self.basic(try app.makeKey(scopes)))
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/html; charset=utf-8")
        #expect(response.header("Content-Security-Policy")?.hasPrefix("default-src 'none';") == true)
        #expect(response.header("Cache-Control") == "private, no-store")
        let html = String(decoding: response.body, as: UTF8.self)
        #expect(html.components(separatedBy: "<svg").count - 1 == 8)
        let external = html.replacingOccurrences(of: #"xmlns="http://www.w3.org/2000/svg""#, with: "")
        #expect(!html.contains("<script") && !html.contains("<link") && !external.contains("http") && !external.contains("//"))
    }

    @Test("the page shows the totals of a scripted history made through the API")
    func showsScriptedHistory() throws {
        let tokens = try (0..<4).map { _ in
            let created = try client.post("/v1/invites", json: ["family_id": "fam_counted", "family_name": "The Counted"])
            return try #require(created.json["token"] as? String)
        }
        let ids = try app.withConnection {
            try $0.query("SELECT id FROM baton.invites ORDER BY created_at").map { try $0.decode(UUID.self, at: 0) }
        }
        for token in tokens.prefix(3) { #expect(try client.get("/v1/invites/\(token)/preview").status == 200) }
        for (index, token) in tokens.prefix(2).enumerated() {
            #expect(
                try client.post("/v1/redemptions", json: ["token": token, "redeemer_id": "u-\(index)", "channel": "app"]).status == 201)
        }
        #expect(try client.send("POST", "/v1/invites/\(ids[3].uuidString.lowercased())/revoke").status == 200)

        client.apiKey = nil
        let html = String(decoding: try page().body, as: UTF8.self)
        for (stage, count) in [("Issued", 4), ("Previewed", 3), ("Redeemed", 2), ("Expired", 0), ("Revoked", 1)] {
            #expect(html.contains("<dt>\(stage)</dt><dd>\(count)</dd>"), "\(stage)")
        }
        #expect(html.contains("<dt>Redeemed / issued</dt><dd>50.0 %</dd>"))
        #expect(
            html.contains("<td><code>fam_counted</code></td><td>The Counted</td><td class=\"number\">4</td><td class=\"number\">2</td>"))
        #expect(html.contains("<title>redemptions, app: 2</title>"))
    }

    @Test("the page links to every other admin page, names itself unlinked, and wraps wide tables in a scrolling box")
    func linksToEveryPage() throws {
        client.apiKey = nil
        let html = String(decoding: try page().body, as: UTF8.self)
        #expect(html.contains(#"<nav aria-label="Admin sections"><ul><li><strong>Funnel</strong></li>"#))
        #expect(!html.contains(#"<a href="/admin">"#))
        for path in ["/admin/invites", "/admin/webhooks", "/admin/queue", "/admin/audit"] {
            #expect(html.contains("<a href=\"\(path)\">"), "\(path)")
        }
        let tables = html.components(separatedBy: "<table>").count - 1
        #expect(tables >= 2 && tables == html.components(separatedBy: #"<div class="table"><table>"#).count - 1)
    }

    static let badForms = [
        "?from=yesterday", "?to=2026-13-40", "?interval=month", "?from=2026-11-10&to=2026-11-01",
        "?from=1900-01-01&to=1900-02-01", "?interval=hour&from=2020-01-01&to=2026-01-01",
        "?family_id=" + String(repeating: "f", count: 129),
    ]

    @Test("bad date range input answers 400 with the page and the reason inline, never a 500", arguments: badForms)
    func badFormInputIsShownInline(_ query: String) throws {
        client.apiKey = nil
        let response = try page(query)
        #expect(response.status == 400)
        #expect(response.header("Content-Type") == "text/html; charset=utf-8")
        let html = String(decoding: response.body, as: UTF8.self)
        #expect(html.contains("<p class=\"error\" role=\"alert\" id=\"form-error\">"))
        #expect(html.contains("<form method=\"get\" action=\"/admin\""))
        #expect(!html.contains("<svg"))
    }

    static let badChoices = [
        (query: "?view=funnel", message: "view must be flow or cohort."),
        (query: "?view=" + String(repeating: "c", count: 129), message: "view must be flow or cohort."),
        (query: "?group_by=country", message: "group_by must be source, campaign, inviter, family or platform."),
        (query: "?group_by=%3Cscript%3E", message: "group_by must be source, campaign, inviter, family or platform."),
    ]

    @Test("a view or breakdown that is not offered answers 400 with the reason inline and no data", arguments: badChoices)
    func badChoiceIsShownInline(_ choice: (query: String, message: String)) throws {
        client.apiKey = nil
        let response = try page(choice.query)
        #expect(response.status == 400)
        let html = String(decoding: response.body, as: UTF8.self)
        #expect(html.contains("<p class=\"error\" role=\"alert\" id=\"form-error\">\(choice.message)</p>"))
        #expect(!html.contains("<svg") && !html.contains("<table") && !html.contains("<script"))
        #expect(!html.contains(" selected>"), "an unknown value selects no option, so the raw text is not echoed")
    }

    @Test("the form offers view and breakdown, flow and source by default, and echoes the chosen ones selected")
    func echoesViewAndBreakdown() throws {
        client.apiKey = nil
        let plain = String(decoding: try page().body, as: UTF8.self)
        #expect(plain.contains(#"<label>View <select name="view"><option value="flow" selected>flow</option><option value="cohort">"#))
        #expect(plain.contains(#"<label>Breakdown <select name="group_by"><option value="source" selected>source</option>"#))
        let chosen = String(decoding: try page("?view=cohort&group_by=family").body, as: UTF8.self)
        #expect(chosen.contains(#"<option value="cohort" selected>cohort</option>"#))
        #expect(chosen.contains(#"<option value="family" selected>family</option>"#))
        #expect(!chosen.contains(#"<option value="flow" selected>"#) && !chosen.contains(#"<option value="source" selected>"#))
    }

    @Test("a valid form answers for its range: inclusive UTC days, the chosen interval and family")
    func validFormSetsRange() throws {
        client.apiKey = nil
        let response = try page("?from=2026-11-01&to=2026-11-02&interval=hour&family_id=fam_1")
        #expect(response.status == 200)
        let html = String(decoding: response.body, as: UTF8.self)
        #expect(html.contains("Funnel from 2026-11-01 00:00 UTC to 2026-11-03 00:00 UTC, per hour, family <code>fam_1</code>."))
        #expect(html.contains(#"name="from" value="2026-11-01""#) && html.contains(#"name="to" value="2026-11-02""#))
        #expect(html.contains(#"<option value="hour" selected>"#))
        #expect(html.contains("Refusals are counted for all families together"))
    }
}
