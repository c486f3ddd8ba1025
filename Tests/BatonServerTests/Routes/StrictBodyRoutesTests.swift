import Foundation
import Testing

@Suite("Strict JSON bodies on every route", .timeLimit(.minutes(10)))
struct StrictBodyRoutesTests {
    /// Every route with a JSON body, a body it accepts as far as its fields
    /// go (without its closing brace), and one of that body's members.
    static let routes: [(path: String, body: String, member: String)] = [
        ("/v1/invites", #"{"family_id":"f","family_name":"F""#, #""family_id":"g""#),
        ("/v1/invites/batch", #"{"invites":[{"family_id":"f","family_name":"F"}]"#, #""invites":[]"#),
        ("/v1/redemptions", #"{"token":"x","redeemer_id":"u""#, #""token":"y""#),
        ("/v1/invocations", #"{"url":"https://x.test/invite/y""#, #""url":"z""#),
        ("/v1/handoffs/validate", #"{"handoff":"x""#, #""handoff":"y""#),
    ]

    let app: TestApp
    let client: HTTPTestClient

    init() throws {
        (app, client) = try TestApp.withClient(rateLimited: false)
    }

    private func post(_ path: String, _ json: String) throws -> HTTPTestClient.Response {
        try client.send("POST", path, body: Data(json.utf8))
    }

    @Test("an unknown field gets 422 unknown_field naming it, on every route with a body", arguments: routes)
    func unknownField(_ route: (path: String, body: String, member: String)) throws {
        let response = try post(route.path, route.body + #","tll_seconds":60}"#)
        #expect(response.status == 422, "\(route.path)")
        #expect(response.errorCode == "unknown_field")
        #expect(response.errorDetails["field"] as? String == "tll_seconds")
    }

    @Test("a duplicate key gets 422 duplicate_field, on every route with a body", arguments: routes)
    func duplicateKey(_ route: (path: String, body: String, member: String)) throws {
        let response = try post(route.path, route.body + "," + route.member + "}")
        #expect(response.status == 422, "\(route.path)")
        #expect(response.errorCode == "duplicate_field")
    }

    @Test("a misspelt max_redemptions creates nothing instead of a one-use invite")
    func typoCreatesNothing() throws {
        let response = try post("/v1/invites", #"{"family_id":"f","family_name":"F","max_redemption":5}"#)
        #expect(response.status == 422)
        #expect(response.errorDetails["field"] as? String == "max_redemption")
        #expect(try app.count("SELECT count(*) FROM baton.invites") == 0)
    }

    @Test("a misspelt field inside a batch item is named with its item")
    func typoInBatchItem() throws {
        let response = try post(
            "/v1/invites/batch", #"{"invites":[{"family_id":"f","family_name":"F"},{"family_id":"g","family_name":"G","tll_seconds":1}]}"#)
        #expect(response.status == 422)
        #expect(response.errorDetails["field"] as? String == "invites.1.tll_seconds")
    }

    @Test("a metadata number beyond 2^53 gets 422 number_out_of_range instead of losing precision")
    func bigMetadataNumber() throws {
        let response = try post("/v1/invites", #"{"family_id":"f","family_name":"F","metadata":{"user":9007199254740993}}"#)
        #expect(response.status == 422)
        #expect(response.errorCode == "number_out_of_range")
        #expect(response.errorDetails["field"] as? String == "metadata.user")
        let kept = try post("/v1/invites", #"{"family_id":"f","family_name":"F","metadata":{"user":9007199254740991}}"#)
        #expect(kept.status == 201)
        #expect((kept.json["metadata"] as? [String: Any])?["user"] as? Int == 9_007_199_254_740_991)
    }
}
