import BatonCore
import Foundation
import Journey
import Postgres
import Testing

/// The platform of an invite's first open, over HTTP.
extension JourneyRoutesTests {
    static let android =
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36"
    static let desktop =
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"

    private func open(_ invite: TestInvite, as agent: String, method: String = "GET") throws {
        #expect(try client.send(method, "/invite/\(invite.token.text)", headers: [("User-Agent", agent)]).status == 200)
    }

    /// The `link_opened` rows of `invite` as (platform or "none").
    private func opens(of invite: TestInvite) throws -> [String] {
        try app.withConnection {
            try $0.query("SELECT platform FROM baton.invite_stages WHERE invite_id = $1 AND stage = 'link_opened'", [invite.id]).map {
                try $0.decode(String?.self, "platform") ?? "none"
            }
        }
    }

    @Test("the first person's open records its platform; later opens on other platforms, robots and HEAD change nothing")
    func firstOpenRecordsPlatform() throws {
        let invite = try app.makeInvite()
        try open(invite, as: "facebookexternalhit/1.1")
        try open(invite, as: Self.android, method: "HEAD")
        try flush()
        #expect(try opens(of: invite).isEmpty, "a preview robot's fetch and a HEAD record no open and no platform")
        try open(invite, as: Self.android)
        try open(invite, as: Self.safari)
        try flush()
        try open(invite, as: Self.desktop)
        try flush()
        #expect(try opens(of: invite) == ["android"])
    }

    @Test("the funnel, its Prometheus stage counts and /admin break the journey down by the first open's platform")
    func breakdowns() throws {
        let invites = try app.makeInvites(4)
        try open(invites[0], as: Self.safari)
        try open(invites[1], as: Self.safari)
        try open(invites[2], as: Self.android)
        try flush()
        _ = try app.withConnection { // issued, as the events' trigger marks invites created through the API
            try $0.query("INSERT INTO baton.invite_stages (invite_id, stage, first_at) SELECT id, 'issued', now() FROM baton.invites")
        }

        let key = try app.makeKey([.metricsRead])
        let journey = try #require(
            try app.client(apiKey: key).get("/v1/metrics/funnel?group_by=platform").json["journey"] as? [String: Any])
        #expect(journey["group_by"] as? String == "platform")
        let groups = try #require(journey["groups"] as? [[String: Any]])
        let opened = groups.map { group -> (String, Int) in
            let stages = (group["totals"] as? [String: Any])?["stages"] as? [String: Any]
            return ((group["key"] as? String) ?? "null", stages?["link_opened"] as? Int ?? -1)
        }
        #expect(opened.map(\.0) == ["ios", "android", "null"])
        #expect(opened.map(\.1) == [2, 1, 0])

        let scrape = try app.client(apiKey: key).scrape()
        let lines = scrape.text.split(separator: "\n").filter { $0.hasPrefix("baton_invite_stages{") }
        #expect(lines.contains(#"baton_invite_stages{stage="link_opened",source="(none)",platform="ios"} 2"#), "\(lines)")
        #expect(scrape.parsed.value("baton_invite_stages", ["stage": "issued", "source": "(none)", "platform": "(none)"]) == 1)
        #expect(lines.count == 3 * InviteStage.allCases.count, "ios, android and (none), each with (none) as source")

        let page = try client.get("/admin?group_by=platform", headers: AdminRoutesTests.basic(key))
        #expect(page.status == 200)
        let html = String(decoding: page.body, as: UTF8.self)
        let cell = #"<td class="number">"#
        #expect(html.contains("<caption>By platform (top 5), flow</caption>"))
        #expect(html.contains(#"<option value="platform" selected"#))
        #expect(html.contains("<tr><td><code>ios</code></td>\(cell)2</td>\(cell)2</td>"))
        #expect(html.contains("<tr><td><code>android</code></td>\(cell)1</td>\(cell)1</td>"))
        #expect(html.contains("<tr><td><span class=\"note\">none</span></td>\(cell)1</td>\(cell)0</td>"))
    }
}
