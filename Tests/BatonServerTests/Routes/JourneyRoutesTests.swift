import BatonCore
import Foundation
import Journey
import Postgres
import Testing

@Suite("The journey's stages over HTTP", .timeLimit(.minutes(10)))
struct JourneyRoutesTests {
    let app: TestApp
    let client: HTTPTestClient

    init() throws {
        app = try TestApp(environment: ["BATON_RATE_LIMITS": "off"])
        client = try app.client()
        client.apiKey = nil
    }

    static let safari =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"

    func flush() throws {
        _ = try app.withConnection { try FunnelFlusher.flush(app.app.stageMarks, on: $0) }
    }

    private func stages(of invite: TestInvite) throws -> [String] {
        try app.withConnection {
            try $0.query("SELECT stage FROM baton.invite_stages WHERE invite_id = $1 ORDER BY stage", [invite.id]).map {
                try $0.decode(String.self, at: 0)
            }
        }
    }

    private func views(_ view: StageView) throws -> Int {
        try app.count("SELECT coalesce(sum(count), 0)::bigint FROM baton.stage_views_hourly WHERE view = '\(view.rawValue)'")
    }

    @Test("a bot unfurl and a HEAD request are link previews: they change nothing and mark no stage")
    func previewsChangeNothing() throws {
        let invite = try app.makeInvite()
        let before = try app.withConnection {
            try $0.query("SELECT row_to_json(i)::text FROM baton.invites i WHERE id = $1", [invite.id])[0].decode(String.self, at: 0)
        }
        for agent in ["facebookexternalhit/1.1 Facebot Twitterbot/1.0", "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)"] {
            #expect(try client.get("/invite/\(invite.token.text)", headers: [("User-Agent", agent)]).status == 200)
        }
        #expect(try client.send("HEAD", "/invite/\(invite.token.text)", headers: [("User-Agent", Self.safari)]).status == 200)
        try flush()
        #expect(try stages(of: invite).isEmpty)
        #expect(try views(.linkPreviewed) == 3)
        #expect(try views(.linkOpened) == 0)
        let after = try app.withConnection {
            try $0.query("SELECT row_to_json(i)::text FROM baton.invites i WHERE id = $1", [invite.id])[0].decode(String.self, at: 0)
        }
        #expect(after == before)
        #expect(try app.count("SELECT count(*) FROM baton.events") == 0)
    }

    @Test("a person's opens mark link_opened once and count every view; the clip and the app mark their stages")
    func stagesFromRoutes() throws {
        let invite = try app.makeInvite()
        for _ in 0..<3 { #expect(try client.get("/invite/\(invite.token.text)", headers: [("User-Agent", Self.safari)]).status == 200) }
        let preview = try client.get("/v1/invites/\(invite.token.text)/preview")
        #expect(preview.status == 200)
        #expect(try client.get("/v1/invites/\(invite.token.text)/preview").status == 200)
        let handoff = try #require(preview.json["handoff"] as? String)
        #expect(try client.post("/v1/handoffs/validate", json: ["handoff": handoff]).status == 200)
        try flush()
        #expect(try stages(of: invite) == ["clip_opened", "link_opened"], "validating without channel=app marks nothing")
        #expect(try client.post("/v1/handoffs/validate", json: ["handoff": handoff, "channel": "app"]).status == 200)
        try flush()
        #expect(try stages(of: invite) == ["app_presented", "clip_opened", "link_opened"])
        #expect(try views(.linkOpened) == 3)
        #expect(try views(.clipOpened) == 2)
        #expect(try client.post("/v1/handoffs/validate", json: ["handoff": handoff, "channel": "fax"]).errorCode == "invalid_request")
    }

    @Test("the app's redemption attempt marks app_presented; a backend's does not")
    func redemptionMarks() throws {
        let invites = try app.makeInvites(2)
        let redeemer = try app.client()
        #expect(try redeemer.post("/v1/redemptions", json: ["token": invites[0].token.text, "redeemer_id": "u1"]).status == 201)
        #expect(
            try redeemer.post("/v1/redemptions", json: ["token": invites[1].token.text, "redeemer_id": "u1", "channel": "backend"]).status
                == 201)
        try flush()
        #expect(try stages(of: invites[0]) == ["app_presented", "redeemed"])
        #expect(try stages(of: invites[1]) == ["redeemed"])
    }

    @Test("the funnel answers the journey grouped and as a cohort, and refuses a bad group_by or view with its code")
    func funnelParameters() throws {
        let metrics = try app.client(apiKey: try app.makeKey([.metricsRead]))
        let json = try metrics.get("/v1/metrics/funnel?group_by=source&view=cohort").json
        let journey = try #require(json["journey"] as? [String: Any])
        #expect(journey["view"] as? String == "cohort")
        #expect(journey["group_by"] as? String == "source")
        #expect((journey["times_between_stages"] as? [Any])?.count == 4)
        #expect(((journey["totals"] as? [String: Any])?["reached"] as? [String: Any])?["redeemed"] != nil)
        let plain = try #require(try metrics.get("/v1/metrics/funnel").json["journey"] as? [String: Any])
        #expect(plain["view"] as? String == "flow")
        #expect(plain["group_by"] is NSNull)
        #expect((plain["groups"] as? [Any])?.count == 1)
        for (query, code) in [("group_by=country", "invalid_group_by"), ("view=stock", "invalid_view")] {
            let refused = try metrics.get("/v1/metrics/funnel?" + query)
            #expect(refused.status == 400)
            #expect(refused.errorCode == code)
        }
    }
}
