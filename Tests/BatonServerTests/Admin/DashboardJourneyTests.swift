import BatonCore
import Foundation
import Testing

@Suite("/admin journey views and breakdown", .timeLimit(.minutes(10)))
struct DashboardJourneyTests {
    let app: TestApp
    let client: HTTPTestClient

    /// The hour the scripted cohort is issued in.
    static let issuedAt = Date(timeIntervalSince1970: 1_794_304_800) // 2026-11-10T10:00:00Z

    init() throws {
        (app, client) = try TestApp.withClient(rateLimited: false)
    }

    /// The page for `query`, as a `metrics:read` key sees it.
    private func html(_ query: String) throws -> String {
        let key = try app.makeKey([.metricsRead])
        let response = try client.get("/admin" + query, headers: AdminRoutesTests.basic(key))
        #expect(response.status == 200)
        return String(decoding: response.body, as: UTF8.self)
    }

    /// An invite issued at `issuedAt` and its `later` events, written as the
    /// stores write them, so the events' trigger marks their stages at those times.
    private func insertInvite(family: String, later: [(type: String, after: TimeInterval, channel: String)] = []) throws {
        try app.withConnection { connection in
            let id: UUID = try connection.query(
                """
                INSERT INTO baton.invites (family_id, family_name, code_hash, token_hash, created_at, expires_at)
                VALUES ($1, 'Scripted', sha256(gen_random_uuid()::text::bytea), sha256(gen_random_uuid()::text::bytea), $2,
                        $2 + interval '30 days')
                RETURNING id
                """, [family, Self.issuedAt])[0].decode(at: 0)
            let events: [(type: String, after: TimeInterval, channel: String?)] = [("invite.created", 0, nil)] + later.map { $0 }
            for event in events {
                try connection.query(
                    "INSERT INTO baton.events (type, invite_id, family_id, channel, occurred_at) VALUES ($1, $2, $3, $4, $5)",
                    [event.type, id, family, event.channel, Self.issuedAt.addingTimeInterval(event.after)])
            }
        }
    }

    @Test("the cohort view shows how soon its invites reached each stage: redeemed 2 h after issue is not within 1 h, is within 1 d")
    func cohortShowsReachShares() throws {
        try insertInvite(family: "fam_quick", later: [("invite.previewed", 1_800, "clip"), ("invite.redeemed", 7_200, "app")])
        try insertInvite(family: "fam_idle")
        let cohort = try html("?from=2026-11-10&to=2026-11-10&view=cohort")
        #expect(cohort.contains("<caption>Cohort: how soon the 2 invites issued reached each stage</caption>"))
        let share = { (text: String) in "<td class=\"number\">\(text)</td>" }
        #expect(
            cohort.contains("<tr><td>clip_opened</td>" + share("1") + [String](repeating: share("50.0 %"), count: 4).joined() + "</tr>"))
        #expect(
            cohort.contains("<tr><td>redeemed</td>" + share("1") + share("0.0 %") + share("50.0 %") + share("50.0 %") + share("50.0 %")))
        #expect(cohort.contains("<tr><td>link_opened</td>" + share("0") + share("0.0 %")))
        #expect(cohort.contains("Journey as cohort: invites issued in the range, and how many of them reached each stage."))
        #expect(cohort.contains("<figcaption>Stage funnel, cohort: invites issued in the range, and how many of them reached each stage"))
        #expect(cohort.contains("<figcaption>Drop-off between stages, cohort</figcaption>"))
        #expect(cohort.contains("<caption>By source (top 5), cohort</caption>"))

        let flow = try html("?from=2026-11-10&to=2026-11-10")
        #expect(!flow.contains("Cohort: how soon"))
        #expect(flow.contains("<figcaption>Stage funnel, flow: invites that first reached each stage in the range</figcaption>"))
        #expect(flow.contains("<caption>By source (top 5), flow</caption>"))
    }

    @Test("group_by=family shows only the family breakdown: the top 5 family ids and the rest summed as other")
    func familyBreakdownIsBounded() throws {
        try insertInvite(family: "fam_top", later: [("invite.redeemed", 60, "app")])
        try insertInvite(family: "fam_top")
        for index in 1...6 { try insertInvite(family: "fam_\(index)") }
        let html = try html("?from=2026-11-10&to=2026-11-10&group_by=family")
        #expect(html.contains("<caption>By family (top 5), flow</caption>"))
        #expect(!html.contains("<caption>By source") && !html.contains("<caption>By campaign") && !html.contains("<caption>By inviter"))
        let issued = #"<td class="number">"#
        #expect(html.contains("<tr><td><code>fam_top</code></td>\(issued)2</td>"))
        for kept in 1...4 { #expect(html.contains("<tr><td><code>fam_\(kept)</code></td>\(issued)1</td>"), "fam_\(kept)") }
        for past in 5...6 { #expect(!html.contains("<tr><td><code>fam_\(past)</code></td>\(issued)"), "fam_\(past)") }
        #expect(html.contains("<tr><td><span class=\"note\">other</span></td>\(issued)2</td>"))
    }

    @Test("a range of more cells than BATON_REPORT_MAX_CELLS is refused inline with 422, the form kept, before any row is read")
    func tooManyCellsIsRefused() throws {
        let key = try app.makeKey([.metricsRead])
        let response = try client.get("/admin?from=2013-03-27&group_by=family&view=cohort", headers: AdminRoutesTests.basic(key))
        #expect(response.status == 422)
        let html = String(decoding: response.body, as: UTF8.self)
        #expect(html.contains(#"<p class="error" role="alert" id="form-error">"#) && html.contains("at most 100000 are answered"))
        #expect(html.contains(#"value="2013-03-27""#))
    }
}
