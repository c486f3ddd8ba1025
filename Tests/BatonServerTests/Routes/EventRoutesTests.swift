import BatonCore
import BatonTestSupport
import Foundation
import Postgres
import Testing

@testable import BatonServer

/// On a cluster of its own: the feed waits for every open write transaction
/// of its cluster, and other suites hold some open on purpose.
@Suite("GET /v1/events", .serialized, .timeLimit(.minutes(10)))
struct EventRoutesTests {
    let cluster: PrivateTestCluster
    let app: TestApp
    let client: HTTPTestClient

    init() throws {
        cluster = try TestPostgres.privateCluster()
        app = try TestApp(databaseURL: cluster.connectionString, environment: ["BATON_RATE_LIMITS": "off"])
        client = try app.client(apiKey: try app.makeKey([.eventsRead]))
    }

    /// The validator over the published document's schemas.
    static func validator() throws -> SchemaValidator {
        let document = ServedOpenAPI.document
        let components = try #require(document["components"] as? [String: Any])
        return SchemaValidator(schemas: try #require(components["schemas"] as? [String: Any]))
    }

    /// Every event the feed holds, read `limit` at a time, once `count` are ready.
    func feed(count: Int, limit: Int = 100, query: String = "") throws -> [[String: Any]] {
        var events: [[String: Any]] = []
        let ready = try eventually {
            events = []
            var cursor: String?
            while true {
                let response = try client.get("/v1/events?limit=\(limit)" + query + (cursor.map { "&after=\($0)" } ?? ""))
                guard response.status == 200 else { return false }
                #expect(try Self.validator().failures(of: response.json, against: "EventPage").isEmpty)
                events += response.json["events"] as? [[String: Any]] ?? []
                cursor = response.json["next_cursor"] as? String
                if response.json["has_more"] as? Bool != true { break }
            }
            return events.count >= count
        }
        #expect(ready, "the feed held \(events.count) of \(count) events")
        return events
    }

    /// Creates an invite over the API, with an inviter and metadata.
    func createInvite(maxRedemptions: Int = 2) throws -> [String: Any] {
        let created = try app.client().post(
            "/v1/invites",
            json: [
                "family_id": "fam-9", "family_name": "The Okafor family", "inviter_id": "user-3", "inviter_name": "Ada",
                "max_redemptions": maxRedemptions, "metadata": ["plan": "family", "seats": 5],
            ])
        #expect(created.status == 201)
        return created.json
    }

    @Test("an invite.redeemed event carries everything a backend acts on, its times as the API writes them")
    func redeemedPayload() throws {
        let invite = try createInvite()
        let token = try #require(invite["token"] as? String)
        let receipt = try app.client().post("/v1/redemptions", json: ["token": token, "redeemer_id": "u-7", "channel": "backend"])
        #expect(receipt.status == 201)
        let event = try #require(try feed(count: 1).first)
        #expect(event["type"] as? String == "invite.redeemed")
        let data = try #require(event["data"] as? [String: Any])
        #expect(data["invite_id"] as? String == invite["id"] as? String)
        #expect(data["family_id"] as? String == "fam-9")
        #expect(data["family_name"] as? String == "The Okafor family")
        #expect(data["inviter_id"] as? String == "user-3")
        #expect(data["inviter_name"] as? String == "Ada")
        #expect(data["metadata"] as? NSDictionary == ["plan": "family", "seats": 5] as NSDictionary)
        #expect(data["redeemer_id"] as? String == "u-7")
        #expect(data["redemption_id"] as? String == receipt.json["id"] as? String)
        #expect(data["channel"] as? String == "backend")
        #expect(data["uses_left"] as? Int == 1)
        #expect(data["redeemed_at"] as? String == receipt.json["redeemed_at"] as? String, "one timestamp form for API and events")
        let created = try #require(event["created_at"] as? String)
        let apiForm = try #require(OpenAPIDocument.eventTimestamp[member: "pattern"]?.string)
        #expect(created.range(of: apiForm, options: .regularExpression) != nil)
    }

    @Test("the answer is the feed's page byte for byte: each event as its webhook body, never re-encoded")
    func answerIsThePageBytes() throws {
        let body = #"{"family_id": "fam-9", "family_name": "Zoë – 日本", "metadata": {"a\"b": 1, "a#": "\u202e"}}"#
        let invite = try app.client().send("POST", "/v1/invites", body: Data(body.utf8))
        #expect(invite.status == 201)
        let token = try #require(invite.json["token"] as? String)
        #expect(try app.client().post("/v1/redemptions", json: ["token": token, "redeemer_id": "u-7"]).status == 201)
        _ = try feed(count: 1)
        let answer = String(decoding: try client.get("/v1/events").body, as: UTF8.self)
        let page = try app.withConnection { try EventFeed.page(EventFeed.Query(), on: $0) }
        #expect(answer == String(decoding: page.json(), as: UTF8.self))
        #expect(answer.contains(#""family_name":"Zoë – 日本","#))
        #expect(answer.contains(#""metadata":{"a#":"\#u{202E}","a\"b":1}"#), "keys in byte order, the hidden character as delivered")
    }

    /// Every event type, each through its route, read back from the feed.
    func recordEveryEventType() throws -> [[String: Any]] {
        let redeemed = try createInvite()
        let token = try #require(redeemed["token"] as? String)
        #expect(try app.client().post("/v1/redemptions", json: ["token": token, "redeemer_id": "u-1"]).status == 201)
        let revoked = try #require(try createInvite()["id"] as? String)
        #expect(try app.client().post("/v1/invites/\(revoked)/revoke", json: [String: Any]()).status == 200)
        let expiringID = try #require(try createInvite()["id"] as? String)
        let expiring = try #require(UUID(uuidString: expiringID))
        try app.withConnection { connection in
            try connection.query(
                """
                UPDATE baton.invites SET created_at = now() - interval '2 hours', expires_at = now() - interval '1 hour' WHERE id = $1
                """, [expiring])
            try connection.query(
                "UPDATE baton.invite_deadlines SET expires_at = now() - interval '1 hour' WHERE invite_id = $1", [expiring])
            _ = try InviteExpiry.expireDue(on: connection)
        }
        try recordLifecycleAndWebhookEvents()
        return try feed(count: OutboxEvents.EventType.allCases.count, limit: 1)
    }

    @Test("every event type's real body validates against its published schema, and a broken one does not")
    func bodiesMatchSchemas() throws {
        let events = try recordEveryEventType()
        let validator = try Self.validator()
        for type in OutboxEvents.EventType.allCases {
            let event = try #require(events.first { $0["type"] as? String == type.rawValue }, "no real \(type.rawValue) event to check")
            let name = OpenAPIDocument.eventSchemaName(type)
            #expect(
                validator.failures(of: event, against: name).isEmpty, "\(type.rawValue): \(validator.failures(of: event, against: name))")
            var broken = event
            broken["created_at"] = "2026-12-01T10:00:00.123456Z"
            #expect(!validator.failures(of: broken, against: name).isEmpty, "the microsecond form is not the API's")
            #expect(!validator.failures(of: event, against: "InviteRedeemedEvent").isEmpty || type == .inviteRedeemed)
        }
    }

    @Test("every timestamp in every event body, data included, is UTC with milliseconds and a Z, as docs/webhooks.md says")
    func everyTimestampHasTheDocumentedForm() throws {
        let events = try recordEveryEventType()
        var timestamps: [(path: String, text: String)] = []
        func collect(_ value: Any, at path: String) {
            if let object = value as? [String: Any] {
                for (key, member) in object { collect(member, at: path + "." + key) }
            } else if let items = value as? [Any] {
                for (position, item) in items.enumerated() { collect(item, at: path + ".\(position)") }
            } else if let text = value as? String, text.wholeMatch(of: /\d{4}-\d{2}-\d{2}[Tt ].*/) != nil {
                timestamps.append((path, text))
            }
        }
        for event in events { collect(event, at: event["type"] as? String ?? "event") }
        #expect(timestamps.contains { $0.path == "invite.updated.data.expires_at.old" }, "the change's old expiry is checked")
        #expect(timestamps.count > events.count, "\(timestamps.count) timestamps in \(events.count) events")
        for timestamp in timestamps {
            #expect(
                timestamp.text.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/) != nil,
                "\(timestamp.path) is \(timestamp.text)")
        }
    }

    @Test("an attributed invite's events carry its source and campaign in data, as their published schemas say")
    func attributedEventsMatchSchemas() throws {
        let created = try app.client().post(
            "/v1/invites", json: ["family_id": "fam-9", "family_name": "The Okafor family", "source": "share_sheet", "campaign": "Spring"])
        #expect(created.status == 201)
        let id = try #require(created.json["id"] as? String)
        #expect(try app.client().post("/v1/invites/\(id)/revoke", json: [String: Any]()).status == 200)
        let event = try #require(try feed(count: 1).first)
        let data = try #require(event["data"] as? [String: Any])
        #expect(data["source"] as? String == "share_sheet" && data["campaign"] as? String == "spring")
        let validator = try Self.validator()
        #expect(validator.failures(of: event, against: "InviteRevokedEvent").isEmpty)
        var broken = event
        broken["data"] = data.merging(["campaign": "not a label!"]) { _, new in new }
        #expect(!validator.failures(of: broken, against: "InviteRevokedEvent").isEmpty, "the schema describes campaign")
    }

    /// An invite.updated, an invite.reissued, a family.erased and a webhook.test
    /// event, each through its route (the admin key holds every scope).
    func recordLifecycleAndWebhookEvents() throws {
        let admin = try app.client()
        let changed = try #require(try createInvite()["id"] as? String)
        let change = try JSONSerialization.data(withJSONObject: ["max_redemptions": 4, "ttl_seconds": 86_400])
        #expect(try admin.send("PATCH", "/v1/invites/\(changed)", body: change).status == 200)
        let reissued = try #require(try createInvite()["id"] as? String)
        #expect(try admin.send("POST", "/v1/invites/\(reissued)/reissue").status == 200)
        let erased = try admin.post("/v1/invites", json: ["family_id": "fam-erased", "family_name": "The Mensah family"])
        #expect(erased.status == 201)
        #expect(try admin.send("DELETE", "/v1/families/fam-erased").status == 200)
        let endpoint = try admin.post("/v1/webhook-endpoints", json: ["url": "http://127.0.0.1:9/hooks"])
        #expect(endpoint.status == 201)
        let endpointID = try #require(endpoint.json["id"] as? String)
        #expect(try admin.send("POST", "/v1/webhook-endpoints/\(endpointID)/test").status == 202)
    }

    @Test("every event type is published in the document's webhooks section with its schema")
    func webhooksSection() throws {
        let document = ServedOpenAPI.document
        let webhooks = try #require(document["webhooks"] as? [String: Any])
        #expect(Set(webhooks.keys) == Set(OutboxEvents.EventType.allCases.map(\.rawValue)))
        for type in OutboxEvents.EventType.allCases {
            let post = try #require((webhooks[type.rawValue] as? [String: Any])?["post"] as? [String: Any])
            let body = try #require(post["requestBody"] as? [String: Any])
            let schema = (((body["content"] as? [String: Any])?["application/json"] as? [String: Any])?["schema"] as? [String: Any])
            #expect(schema?["$ref"] as? String == "#/components/schemas/\(OpenAPIDocument.eventSchemaName(type))")
            #expect(post["summary"] is String && post["description"] is String)
        }
    }

    @Test("without events:read the feed is 403 insufficient_scope; without a key 401")
    func scopes() throws {
        let other = try app.client(apiKey: try app.makeKey([.invitesRead, .metricsRead]))
        let refused = try other.get("/v1/events")
        #expect(refused.status == 403)
        #expect(refused.errorCode == "insufficient_scope")
        other.apiKey = nil
        #expect(try other.get("/v1/events").status == 401)
    }

    @Test(
        "bad parameters are 400 with a typed code naming the parameter",
        arguments: [
            ("after=nope!", "invalid_cursor", "after"), ("after=eA", "invalid_cursor", "after"),
            ("type=invite.created", "invalid_parameter", "type"), ("limit=0", "invalid_parameter", "limit"),
            ("limit=501", "invalid_parameter", "limit"), ("limit=%E2%80%AE1", "invalid_parameter", "limit"),
        ])
    func badParameters(query: String, code: String, field: String) throws {
        let response = try client.get("/v1/events?" + query)
        #expect(response.status == 400)
        #expect(response.errorCode == code)
        #expect(response.errorDetails["field"] as? String == field)
    }

    @Test("an empty feed answers no events and a cursor to poll with")
    func emptyFeed() throws {
        let response = try client.get("/v1/events")
        #expect(response.status == 200)
        #expect((response.json["events"] as? [Any])?.isEmpty == true)
        #expect(response.json["has_more"] as? Bool == false)
        let cursor = try #require(response.json["next_cursor"] as? String)
        #expect(try client.get("/v1/events?after=\(cursor)").status == 200)
    }
}
