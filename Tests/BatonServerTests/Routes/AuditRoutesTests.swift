import BatonCore
import Foundation
import Testing

@Suite("GET /v1/audit", .timeLimit(.minutes(10)))
struct AuditRoutesTests {
    let app: TestApp
    let client: HTTPTestClient

    init() throws {
        (app, client) = try TestApp.withClient(rateLimited: false)
    }

    @Test("entries come newest first in keyset pages that together list each entry once")
    func pagesThroughEntries() throws {
        for _ in 0..<3 { _ = try AdminBrowser.signIn(app, key: app.adminKey) }
        var seen: [String] = []
        var after: String?
        repeat {
            let response = try client.get("/v1/audit?limit=2" + (after.map { "&after=\($0)" } ?? ""))
            #expect(response.status == 200)
            let entries = try #require(response.json["entries"] as? [[String: Any]])
            seen += entries.compactMap { $0["id"] as? String }
            #expect(entries.allSatisfy { $0["action"] as? String == "session.signed_in" && $0["key_name"] as? String == "test admin" })
            after = response.json["next_cursor"] as? String
        } while after != nil
        #expect(seen.count == 3 && seen == seen.sorted { Int($0)! > Int($1)! })
    }

    @Test(
        "a bad cursor or limit is refused 400 before any query",
        arguments: [("after=abc", "invalid_cursor"), ("limit=0", "invalid_parameter")])
    func refusesBadParameters(_ query: String, _ code: String) throws {
        let response = try client.get("/v1/audit?" + query)
        #expect(response.status == 400 && response.errorCode == code)
    }

    @Test("a key without admin gets 403")
    func needsAdmin() throws {
        client.apiKey = try app.makeKey(Set(Scope.allCases).subtracting([.admin]))
        #expect(try client.get("/v1/audit").status == 403)
    }
}
