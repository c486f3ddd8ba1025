import BatonCore
import Foundation
import Testing

@Suite("An invite's locale: create, batch, PATCH, preview and landing page", .timeLimit(.minutes(10)))
struct InviteLocaleRoutesTests {
    let app: TestApp
    let client: HTTPTestClient

    init() throws {
        (app, client) = try TestApp.withClient(rateLimited: false)
    }

    func patch(_ id: String, _ body: [String: Any]) throws -> HTTPTestClient.Response {
        try client.send("PATCH", "/v1/invites/\(id)", body: try JSONSerialization.data(withJSONObject: body))
    }

    @Test("a supported tag is stored in its usual case, shown with the invite and in the preview; without one it is null")
    func stored() throws {
        let created = try client.post("/v1/invites", json: ["family_id": "f", "family_name": "F", "locale": "AR"])
        #expect(created.status == 201)
        #expect(created.json["locale"] as? String == "ar")
        #expect(try app.count("SELECT count(*) FROM baton.invites WHERE locale = 'ar'") == 1)
        let shown = try client.get("/v1/invites/\(created.json["id"] as? String ?? "")")
        #expect(shown.json["locale"] as? String == "ar")
        let token = try #require(created.json["token"] as? String)
        let preview = try client.get("/v1/invites/\(token)/preview")
        #expect(preview.status == 200 && preview.json["locale"] as? String == "ar")
        let plain = try client.post("/v1/invites", json: ["family_id": "f", "family_name": "F"])
        #expect(plain.json["locale"] is NSNull)
        let plainPreview = try client.get("/v1/invites/\(plain.json["token"] as? String ?? "")/preview")
        #expect(plainPreview.json["locale"] is NSNull)
    }

    @Test(
        "an unsupported or malformed tag is 422 unsupported_locale listing the supported tags, in a batch naming its item",
        arguments: ["es-MX", "xx", "", "en_US", "<b>"])
    func unsupported(tag: String) throws {
        let single = try client.post("/v1/invites", json: ["family_id": "f", "family_name": "F", "locale": tag])
        #expect(single.status == 422 && single.errorCode == "unsupported_locale")
        let details = (single.json["error"] as? [String: Any])?["details"] as? [String: Any]
        #expect(details?["field"] as? String == "locale")
        #expect(details?["supported"] as? [String] == PageLanguage.supportedTags)
        let batch = try client.post(
            "/v1/invites/batch",
            json: [
                "invites": [
                    ["family_id": "f", "family_name": "F", "locale": "ja"], ["family_id": "f", "family_name": "F", "locale": tag],
                ]
            ]
        )
        #expect(batch.status == 422 && batch.errorCode == "unsupported_locale")
        #expect(((batch.json["error"] as? [String: Any])?["details"] as? [String: Any])?["field"] as? String == "invites.1.locale")
        #expect(try app.count("SELECT count(*) FROM baton.invites") == 0)
    }

    @Test("a batch stores each item's locale")
    func batch() throws {
        let batch = try client.post(
            "/v1/invites/batch",
            json: ["invites": [["family_id": "f", "family_name": "F", "locale": "ja"], ["family_id": "f", "family_name": "F"]]])
        #expect(batch.status == 201)
        let invites = try #require(batch.json["invites"] as? [[String: Any]])
        #expect(invites.first?["locale"] as? String == "ja" && invites.last?["locale"] is NSNull)
    }

    @Test("PATCH sets, changes and with null removes the locale, naming it in invite.updated; a bad tag changes nothing")
    func patched() throws {
        let created = try client.post("/v1/invites", json: ["family_id": "f", "family_name": "F"])
        let id = created.json["id"] as? String ?? ""
        let set = try patch(id, ["locale": "es"])
        #expect(set.status == 200 && set.json["locale"] as? String == "es")
        let changed = try app.count(
            "SELECT count(*) FROM baton.events WHERE type = 'invite.updated' AND data->'changed' = '[\"locale\"]'::jsonb")
        #expect(changed == 1)
        let refused = try patch(id, ["locale": "klingon"])
        #expect(refused.status == 422 && refused.errorCode == "unsupported_locale")
        #expect(try app.count("SELECT count(*) FROM baton.invites WHERE locale = 'es'") == 1)
        let removed = try patch(id, ["locale": NSNull()])
        #expect(removed.status == 200 && removed.json["locale"] is NSNull)
        #expect(try app.count("SELECT count(*) FROM baton.invites WHERE locale IS NULL") == 1)
    }

    @Test("the landing page follows the invite's locale without Accept-Language, and a preview robot gets it first")
    func landingPage() throws {
        let created = try client.post("/v1/invites", json: ["family_id": "f", "family_name": "F", "locale": "ja"])
        let path = "/invite/\(created.json["token"] as? String ?? "")"
        #expect(try client.get(path).header("Content-Language") == "ja")
        #expect(try client.get(path, headers: [("Accept-Language", "es")]).header("Content-Language") == "es")
        let robot = try client.get(path, headers: [("Accept-Language", "en-US"), ("User-Agent", "WhatsApp/2.23.20.0")])
        #expect(robot.header("Content-Language") == "ja" && robot.text.contains(#"<html lang="ja" dir="ltr">"#))
    }

    @Test("the schema refuses a stored tag of the wrong shape")
    func schemaCheck() throws {
        let created = try client.post("/v1/invites", json: ["family_id": "f", "family_name": "F"])
        #expect(throws: (any Error).self) {
            try app.withConnection {
                _ = try $0.query("UPDATE baton.invites SET locale = 'not a tag' WHERE id = $1::uuid", [created.json["id"] as? String ?? ""])
            }
        }
    }
}
