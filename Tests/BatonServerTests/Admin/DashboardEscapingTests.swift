import BatonCore
import Foundation
import Testing

@Suite("/admin escaping of untrusted text", .timeLimit(.minutes(10)))
struct DashboardEscapingTests {
    let app: TestApp
    let client: HTTPTestClient

    /// A family id and name that try markup, attribute breaking and a right-to-left override.
    static let hostileID = "fam\"><script>alert(1)</script>'\u{202E}gpj"
    static let hostileName = "<script>alert(\"x\")</script> O'Brien & \u{202E}ylimaf"

    init() throws {
        (app, client) = try TestApp.withClient(rateLimited: false)
        let created = try client.post("/v1/invites", json: ["family_id": "fam_plain", "family_name": "Plain"])
        #expect(created.status == 201)
        // The API refuses hidden characters in names; rows written by older
        // versions or by hand may still hold them, so they are planted here.
        try app.withConnection { connection in
            try connection.query("UPDATE baton.invites SET family_id = $1, family_name = $2", [Self.hostileID, Self.hostileName])
            try connection.query("UPDATE baton.events SET family_id = $1", [Self.hostileID])
        }
        client.apiKey = nil
    }

    private func html(_ query: String = "") throws -> (status: Int, html: String) {
        let key = try app.makeKey([.metricsRead])
        let response = try client.get("/admin" + query, headers: AdminRoutesTests.basic(key))
        return (response.status, String(decoding: response.body, as: UTF8.self))
    }

    @Test("a family name and id with <script>, quotes and U+202E are escaped and the override made visible")
    func familyTextIsNeutralized() throws {
        let (status, html) = try html()
        #expect(status == 200)
        #expect(!html.contains("<script") && !html.unicodeScalars.contains("\u{202E}"))
        #expect(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Brien &amp; \\u{202E}ylimaf"))
        #expect(html.contains("<code>fam&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&#39;\\u{202E}gpj</code>"))
    }

    @Test(
        "a family id with <script>, quotes and U+202E is escaped as a key of the family breakdown, in either view",
        arguments: ["flow", "cohort"])
    func familyBreakdownKeyIsNeutralized(_ view: String) throws {
        let (status, html) = try html("?group_by=family&view=" + view)
        #expect(status == 200)
        #expect(html.contains("<caption>By family (top 5), \(view)</caption>"))
        #expect(!html.contains("<script") && !html.unicodeScalars.contains("\u{202E}"))
        #expect(
            html.contains(
                #"<tr><td><code>fam&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&#39;\u{202E}gpj</code></td><td class="number">1</td>"#))
    }

    @Test("a refused family id is echoed escaped into the form, its hidden character made visible")
    func refusedFamilyIsEchoedEscaped() throws {
        let encoded = try #require(Self.hostileID.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let (status, html) = try html("?family_id=" + encoded)
        #expect(status == 400)
        #expect(!html.contains("<script") && !html.unicodeScalars.contains("\u{202E}"))
        #expect(
            html.contains(#"name="family_id" maxlength="128" value="fam&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&#39;\u{202E}gpj""#))
    }
}
