import BatonCore
import Foundation
import Journey
import Postgres
import Testing

@Suite("GET /v1/metrics/funnel", .timeLimit(.minutes(10)))
struct FunnelRoutesTests {
    let app: TestApp
    let client: HTTPTestClient

    init() throws {
        app = try TestApp(environment: ["BATON_RATE_LIMITS": "off"])
        client = try app.client(apiKey: try app.makeKey([.metricsRead]))
    }

    @Test("a metrics:read key gets the last seven days, daily, in UTC, with every key present")
    func defaults() throws {
        let response = try client.get("/v1/metrics/funnel")
        #expect(response.status == 200)
        let json = response.json
        #expect(json["time_zone"] as? String == "UTC")
        #expect(json["interval"] as? String == "day")
        #expect(json["family_id"] is NSNull)
        #expect((json["buckets"] as? [Any])?.count == 8)
        let totals = try #require(json["totals"] as? [String: Any])
        #expect(totals["issued"] as? Int == 0)
        #expect((totals["conversion"] as? [String: Any])?["redeemed_of_issued"] is NSNull)
        #expect((totals["time_to_redeem"] as? [String: Any])?["p50_seconds"] is NSNull)
        #expect((totals["redemptions_by_channel"] as? [String: Int]) == ["clip": 0, "app": 0, "web": 0, "backend": 0])
        #expect((totals["rejections_by_code"] as? [String: Int])?["invalid_code"] == 0)
    }

    @Test("without metrics:read the funnel is 403 insufficient_scope; without a key 401")
    func scopes() throws {
        let other = try app.client(apiKey: try app.makeKey([.invitesRead, .invitesWrite, .redemptionsWrite]))
        let refused = try other.get("/v1/metrics/funnel")
        #expect(refused.status == 403)
        #expect(refused.errorCode == "insufficient_scope")
        other.apiKey = nil
        #expect(try other.get("/v1/metrics/funnel").status == 401)
    }

    @Test(
        "bad parameters are 400 with a typed code",
        arguments: [
            ("interval=month", "invalid_parameter"), ("from=yesterday", "invalid_parameter"),
            ("from=2026-11-02T00:00:00Z&to=2026-11-01T00:00:00Z", "invalid_range"),
            ("from=2000-01-01T00:00:00Z&to=2026-01-01T00:00:00Z&interval=hour", "range_too_large"),
            ("family_id=%E2%80%AEx", "invalid_parameter"), ("from=0001-01-01T00:00:00Z", "invalid_parameter"),
        ])
    func badParameters(query: String, code: String) throws {
        let response = try client.get("/v1/metrics/funnel?" + query)
        #expect(response.status == 400)
        #expect(response.errorCode == code)
    }

    @Test("redemptions, previews and refusals over HTTP show up in the funnel, refusals by code")
    func countsTraffic() throws {
        let invites = try app.makeInvites(3)
        let anonymous = try app.client()
        anonymous.apiKey = nil
        #expect(try anonymous.get("/v1/invites/\(invites[0].token.text)/preview").status == 200)
        #expect(try anonymous.get("/v1/invites/AAAAA-AAAAA/preview").status == 400)
        #expect(try anonymous.get("/v1/invites/\(String(repeating: "0", count: 26))/preview").status == 404)
        try app.setState("revoked", of: invites[1])
        #expect(try anonymous.get("/v1/invites/\(invites[1].token.text)/preview").errorCode == "invite_revoked")
        let redeemer = try app.client()
        let redeemed = try redeemer.post("/v1/redemptions", json: ["token": invites[0].token.text, "redeemer_id": "u1", "channel": "web"])
        #expect(redeemed.status == 201)
        #expect(try redeemer.post("/v1/redemptions", json: ["token": invites[0].token.text, "redeemer_id": "u2"]).status == 409)

        _ = try app.withConnection { try FunnelFlusher.flush(app.app.rejections, on: $0) }
        let totals = try #require(try client.get("/v1/metrics/funnel").json["totals"] as? [String: Any])
        #expect(totals["previewed"] as? Int == 1)
        #expect(totals["redeemed"] as? Int == 1)
        #expect((totals["redemptions_by_channel"] as? [String: Int])?["web"] == 1)
        let rejections = try #require(totals["rejections_by_code"] as? [String: Int])
        #expect(rejections["invalid_code"] == 1)
        #expect(rejections["invite_not_found"] == 1)
        #expect(rejections["invite_revoked"] == 1)
        #expect(rejections["invite_used_up"] == 1)
    }

    @Test("stopping the flusher, as close() does at shutdown, writes the pending refusals")
    func flushesOnStop() throws {
        let anonymous = try app.client()
        anonymous.apiKey = nil
        for _ in 0..<3 { #expect(try anonymous.get("/v1/invites/AAAAA-AAAAA/preview").status == 400) }
        app.app.funnelFlusher.stop()
        #expect(try app.count("SELECT coalesce(sum(count), 0)::bigint FROM baton.rejections_hourly WHERE code = 'invalid_code'") == 3)
    }

    @Test("a family's funnel counts only that family and has no rejections")
    func oneFamily() throws {
        let invites = try app.makeInvites(2)
        let redeemer = try app.client()
        #expect(try redeemer.post("/v1/redemptions", json: ["token": invites[1].token.text, "redeemer_id": "u1"]).status == 201)
        let json = try client.get("/v1/metrics/funnel?family_id=fam-2&interval=hour").json
        #expect(json["family_id"] as? String == "fam-2")
        #expect((json["buckets"] as? [Any])?.count == 169)
        let totals = try #require(json["totals"] as? [String: Any])
        #expect(totals["redeemed"] as? Int == 1)
        #expect(totals["rejections_by_code"] is NSNull)
    }
}
