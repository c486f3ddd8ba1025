import Foundation
import Synchronization
import Testing

@Suite("Revoke under concurrency", .timeLimit(.minutes(10)))
struct RevokeRaceTests {
    @Test("eight clients revoking one invite at once all get 200 revoked, and one webhook job is enqueued")
    func concurrentRevokes() throws {
        let app = try TestApp()
        try app.addWebhookEndpoint()
        let id = try #require(try app.client().post("/v1/invites", json: ["family_id": "f", "family_name": "F"]).json["id"] as? String)
        let states = Mutex<[String]>([])
        let group = DispatchGroup()
        let port = app.port
        let key = app.adminKey
        for _ in 0..<8 {
            group.enter()
            Thread.detachNewThread {
                let response = try? HTTPTestClient(port: port, apiKey: key).send("POST", "/v1/invites/\(id)/revoke")
                states.withLock { $0.append(response.map { "\($0.status) \($0.json["state"] as? String ?? "")" } ?? "failed") }
                group.leave()
            }
        }
        group.wait()
        #expect(states.withLock { $0 } == Array(repeating: "200 revoked", count: 8))
        #expect(try app.count("SELECT count(*) FROM baton.jobs WHERE kind = 'webhook.deliver'") == 1)
        #expect(try app.count("SELECT count(*) FROM baton.events WHERE type = 'invite.revoked'") == 1)
    }
}
