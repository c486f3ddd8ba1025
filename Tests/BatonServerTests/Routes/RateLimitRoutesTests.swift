import Foundation
import Testing

@Suite("Rate limits over HTTP", .timeLimit(.minutes(10)))
struct RateLimitRoutesTests {
    @Test("typed-code previews are limited per client address with 429 and Retry-After")
    func perAddress() throws {
        let app = try TestApp(environment: ["BATON_RATE_LIMITS": "code=3/min", "BATON_TRUSTED_PROXIES": "127.0.0.1"])
        let invite = try app.makeInvite()
        let client = try app.client()
        let path = "/v1/invites/\(invite.code.text)/preview"
        for _ in 0..<3 { #expect(try client.get(path, headers: [("X-Forwarded-For", "203.0.113.1")]).status == 200) }
        let limited = try client.get(path, headers: [("X-Forwarded-For", "203.0.113.1")])
        #expect(limited.status == 429)
        #expect(limited.errorCode == "rate_limited")
        #expect(Int(limited.header("Retry-After") ?? "") ?? 0 >= 1)
        #expect(try client.get(path, headers: [("X-Forwarded-For", "203.0.113.2")]).status == 200)
    }

    @Test("malformed codes count against the code limit too")
    func malformedCodesCount() throws {
        let app = try TestApp(environment: ["BATON_RATE_LIMITS": "code=2/min"])
        let client = try app.client()
        #expect(try client.get("/v1/invites/ABCDE-FGHJQ/preview").status == 400)
        #expect(try client.get("/v1/invites/ABCDE-FGHJQ/preview").status == 400)
        #expect(try client.get("/v1/invites/ABCDE-FGHJQ/preview").status == 429)
    }

    @Test("many addresses spending the global budget do not lock out a new address with a real code")
    func noLockOut() throws {
        let app = try TestApp(
            environment: [
                "BATON_RATE_LIMITS": "code=100/min,code_failures=20/day,client_code_failures=20/day", "BATON_TRUSTED_PROXIES": "127.0.0.1",
            ])
        let client = try app.client()
        let unused = try Self.unusedCode(app)
        for index in 0..<5 {
            for _ in 0..<4 {
                let miss = try client.get("/v1/invites/\(unused)/preview", headers: [("X-Forwarded-For", "198.51.100.\(index)")])
                #expect(miss.status == 404)
            }
        }
        let invite = try app.makeInvite()
        let newcomer = try client.get("/v1/invites/\(invite.code.text)/preview", headers: [("X-Forwarded-For", "198.51.100.200")])
        #expect(newcomer.status == 200)
        let again = try client.get("/v1/invites/\(invite.code.text)/preview", headers: [("X-Forwarded-For", "198.51.100.0")])
        #expect(again.status == 429)
        #expect(again.errorDetails["limit"] as? String == "code_failures")
    }

    @Test("one address is refused at its own failure limit, before it spends the global budget")
    func clientBeforeGlobal() throws {
        let app = try TestApp(
            environment: [
                "BATON_RATE_LIMITS": "code=100/min,code_failures=5/day,client_code_failures=3/day", "BATON_TRUSTED_PROXIES": "127.0.0.1",
            ])
        let client = try app.client()
        let unused = try Self.unusedCode(app)
        let statuses = try (0..<5).map { _ in
            try client.get("/v1/invites/\(unused)/preview", headers: [("X-Forwarded-For", "2001:db8:0:7::1")])
        }
        #expect(statuses.map(\.status) == [404, 404, 404, 429, 429])
        #expect(statuses[3].errorDetails["limit"] as? String == "client_code_failures")
        let sameSlash64 = try client.get("/v1/invites/\(unused)/preview", headers: [("X-Forwarded-For", "2001:db8:0:7:ffff::2")])
        #expect(sameSlash64.status == 429)
        #expect(try client.get("/v1/invites/\(unused)/preview", headers: [("X-Forwarded-For", "192.0.2.7")]).status == 404)
    }

    @Test("a link token and a signed handoff never depend on the spent code budget")
    func tokensAndHandoffsPass() throws {
        let app = try TestApp(environment: ["BATON_RATE_LIMITS": "code=100/min,code_failures=1/day", "BATON_TRUSTED_PROXIES": "127.0.0.1"])
        let client = try app.client()
        let address = [("X-Forwarded-For", "198.51.100.1")]
        #expect(try client.get("/v1/invites/\(Self.unusedCode(app))/preview", headers: address).status == 404)
        let invite = try app.makeInvite()
        #expect(try client.get("/v1/invites/\(invite.code.text)/preview", headers: address).status == 429)
        let preview = try client.get("/v1/invites/\(invite.token.text)/preview", headers: address)
        #expect(preview.status == 200)
        let handoff = try #require(preview.json["handoff"] as? String)
        #expect(try client.post("/v1/redemptions", json: ["handoff": handoff, "redeemer_id": "u"], headers: address).status == 201)
    }

    @Test("API-key requests are limited per key, not per address")
    func perKey() throws {
        let app = try TestApp(environment: ["BATON_RATE_LIMITS": "key=2/min"])
        let invites = try app.makeInvites(3)
        let first = try app.client(apiKey: try app.makeKey([.redemptionsWrite]))
        for invite in invites.prefix(2) {
            #expect(try first.post("/v1/redemptions", json: ["token": invite.token.text, "redeemer_id": "u"]).status == 201)
        }
        let limited = try first.post("/v1/redemptions", json: ["token": invites[2].token.text, "redeemer_id": "u"])
        #expect(limited.status == 429)
        #expect(limited.header("Retry-After") != nil)
        let second = try app.client(apiKey: try app.makeKey([.redemptionsWrite]))
        #expect(try second.post("/v1/redemptions", json: ["token": invites[2].token.text, "redeemer_id": "u"]).status == 201)
    }

    @Test("a backend's API key redeeming typed codes is not held to the per-address code limit")
    func keyRedeemsCodes() throws {
        let app = try TestApp(environment: ["BATON_RATE_LIMITS": "code=1/min"])
        let client = try app.client(apiKey: try app.makeKey([.redemptionsWrite]))
        for invite in try app.makeInvites(3) {
            #expect(try client.post("/v1/redemptions", json: ["code": invite.code.text, "redeemer_id": "u"]).status == 201)
        }
    }

    @Test("an API key typing wrong codes is refused at its own key_code_failures and never spends the global budget")
    func keyBucket() throws {
        let app = try TestApp(environment: ["BATON_RATE_LIMITS": "code=100/min,code_failures=5/day,key_code_failures=3/day"])
        let unused = try Self.unusedCode(app)
        let backend = try app.client(apiKey: try app.makeKey([.redemptionsWrite]))
        let statuses = try (0..<4).map { _ in try backend.post("/v1/redemptions", json: ["code": unused, "redeemer_id": "u"]) }
        #expect(statuses.map(\.status) == [404, 404, 404, 429])
        #expect(statuses[3].errorDetails["limit"] as? String == "key_code_failures")
        let other = try app.client(apiKey: try app.makeKey([.redemptionsWrite]))
        #expect(try other.post("/v1/redemptions", json: ["code": unused, "redeemer_id": "u"]).status == 404)
        let invite = try app.makeInvite()
        let anonymous = try app.client()
        anonymous.apiKey = nil
        #expect(try anonymous.get("/v1/invites/\(unused)/preview").status == 404)
        #expect(try anonymous.get("/v1/invites/\(invite.code.text)/preview").status == 200)
    }

    @Test("a typed code refused by its failure budget says in message and details that the invite link still works")
    func refusalNamesTheLink() throws {
        let app = try TestApp(environment: [
            "BATON_RATE_LIMITS": "code=100/min,client_code_failures=1/day", "BATON_TRUSTED_PROXIES": "127.0.0.1",
        ])
        let client = try app.client()
        let unused = try Self.unusedCode(app)
        #expect(try client.get("/v1/invites/\(unused)/preview").status == 404)
        let refused = try client.get("/v1/invites/\(unused)/preview")
        #expect(refused.status == 429 && refused.errorDetails["limit"] as? String == "client_code_failures")
        let message = (refused.json["error"] as? [String: Any])?["message"] as? String ?? ""
        #expect(message.contains("The invite link still works"))
        #expect(refused.errorDetails["link_still_works"] as? Bool == true)
    }

    /// A well-formed code that no invite has.
    static func unusedCode(_ app: TestApp) throws -> String {
        try app.makeInvites(1).map { invite in
            try app.withConnection { _ = try $0.query("DELETE FROM baton.invites WHERE id = $1", [invite.id]) }
            return invite.code.text
        }[0]
    }
}
