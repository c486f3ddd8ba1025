import BatonCore
import Foundation
import PrometheusTestSupport
import Testing

@Suite("GET /metrics", .timeLimit(.minutes(10)))
struct MetricsRoutesTests {
    let app: TestApp
    let client: HTTPTestClient

    init() throws {
        (app, client) = try TestApp.withClient(rateLimited: false)
    }

    @Test("the scrape parses, each family has HELP and TYPE once, and histograms are cumulative up to +Inf = count")
    func scrapeIsWellFormed() throws {
        _ = try client.get("/healthz")
        let (_, parsed) = try client.scrape { $0.value("baton_http_requests_total", ["route": "/healthz"]) == 1 }
        #expect(parsed.familiesMissingMetadata.isEmpty)
        #expect(parsed.histogramProblems.isEmpty)
        #expect(parsed.value("baton_http_request_duration_seconds_count", ["route": "/healthz"]) == 1)
        #expect(parsed.value("baton_build_info", ["version": "0.1.0"]) == 1)
        #expect(parsed.families["baton_http_request_duration_seconds"]?.type == "histogram")
        for family in [
            "process_start_time_seconds", "process_resident_memory_bytes", "process_open_fds", "baton_db_pool_connections",
            "baton_db_pool_wait_timeouts_total", "baton_jobs", "baton_jobs_oldest_available_age_seconds", "baton_log_lines_dropped_total",
        ] {
            #expect(parsed.families[family]?.samples.isEmpty == false, "\(family)")
        }
        #expect(parsed.value("baton_jobs", ["kind": "webhook.deliver", "state": "available"]) == 0)
    }

    @Test("a preview is counted under its route pattern, never its token")
    func previewIsCountedByPattern() throws {
        let invite = try app.makeInvite()
        let route = ["route": "/v1/invites/{credential}/preview", "method": "GET"]
        for _ in 0..<3 { #expect(try client.get("/v1/invites/\(invite.token.text)/preview").status == 200) }
        let (text, parsed) = try client.scrape { $0.value("baton_http_requests_total", route.merging(["status": "200"]) { $1 }) == 3 }
        #expect(parsed.value("baton_http_requests_total", route.merging(["status": "200"]) { $1 }) == 3)
        #expect(parsed.value("baton_http_request_duration_seconds_bucket", ["route": route["route"]!, "le": "+Inf"]) == 3)
        #expect(!text.contains(invite.token.text))
    }

    @Test("counters go up with each request")
    func countersIncrease() throws {
        let labels = ["route": "/healthz", "method": "GET", "status": "200"]
        _ = try client.get("/healthz")
        let before = try #require(
            try client.scrape { $0.value("baton_http_requests_total", labels) != nil }.parsed.value("baton_http_requests_total", labels))
        for _ in 0..<5 { _ = try client.get("/healthz") }
        let after = try client.scrape { $0.value("baton_http_requests_total", labels) == before + 5 }.parsed
        #expect(after.value("baton_http_requests_total", labels) == before + 5)
    }

    @Test("unknown paths collapse into one route label and their paths never show")
    func unknownRoutesCollapse() throws {
        for path in ["/nope/secret-a", "/nope/secret-b", "/%E2%80%AEevil", "/v1/invites/x/y/z"] {
            #expect(try client.get(path).status == 404)
        }
        let labels = ["route": "unmatched", "method": "GET", "status": "404"]
        let (text, parsed) = try client.scrape { $0.value("baton_http_requests_total", labels) == 4 }
        #expect(parsed.value("baton_http_requests_total", labels) == 4)
        #expect(parsed.value("baton_rejections_total", ["code": "not_found"]) == 4)
        #expect(!text.contains("secret-a") && !text.contains("secret-b") && !text.contains("evil"))
        let routes = Set(parsed.samples("baton_http_requests_total").compactMap { $0.labels["route"] })
        #expect(routes.allSatisfy { $0 == "unmatched" || $0.hasPrefix("/") })
    }

    @Test("a made-up method is counted as other")
    func unknownMethodIsBounded() throws {
        let brewed = try client.send("BREW", "/healthz")
        let (text, parsed) = try client.scrape { $0.value("baton_http_requests_total", ["method": "other"]) != nil }
        let samples = parsed.samples("baton_http_requests_total").filter { $0.labels["method"] == "other" }
        #expect(samples.map(\.labels) == [["route": "unmatched", "method": "other", "status": String(brewed.status)]])
        #expect(!text.contains("BREW"))
    }

    @Test("refused previews are counted by their error code")
    func rejectionsByCode() throws {
        let invite = try app.makeInvite()
        try app.setState("revoked", of: invite)
        _ = try client.get("/v1/invites/\(invite.token.text)/preview")
        _ = try client.get("/v1/invites/short/preview")
        let (_, parsed) = try client.scrape { $0.value("baton_rejections_total", ["code": "invalid_code"]) == 1 }
        #expect(parsed.value("baton_rejections_total", ["code": "invite_revoked"]) == 1)
        #expect(parsed.value("baton_rejections_total", ["code": "invalid_code"]) == 1)
    }

    @Test("issuing and revoking invites through the API is counted once each; an idempotent replay is not")
    func inviteCounters() throws {
        let draft: [String: Any] = ["family_id": "fam-1", "family_name": "The Lee family"]
        let created = try client.post("/v1/invites", json: draft, headers: [("Idempotency-Key", "k1")])
        #expect(created.status == 201)
        #expect(try client.post("/v1/invites", json: draft, headers: [("Idempotency-Key", "k1")]).status == 201)
        let batch = try client.post("/v1/invites/batch", json: ["invites": [draft, draft]])
        #expect(batch.status == 201)
        let id = try #require(created.json["id"] as? String)
        #expect(try client.send("POST", "/v1/invites/\(id)/revoke").status == 200)
        #expect(try client.send("POST", "/v1/invites/\(id)/revoke").status == 200)
        let (_, parsed) = try client.scrape()
        #expect(parsed.value("baton_invites_issued_total") == 3)
        #expect(parsed.value("baton_invites_revoked_total") == 1)
        #expect(parsed.value("baton_invites_redeemed_total") == 0)
    }

    @Test(
        "the main listener's /metrics needs an API key with metrics:read",
        arguments: [
            (nil, 401), (["invites:write"], 403), (["metrics:read"], 200),
        ] as [([String]?, Int)])
    func mainListenerNeedsKey(scopes: [String]?, status: Int) throws {
        let key = try scopes.map { try app.makeKey(Set($0.compactMap(Scope.init(rawValue:)))) }
        let caller = try app.client()
        caller.apiKey = key
        #expect(try caller.get("/metrics").status == status)
    }
}
