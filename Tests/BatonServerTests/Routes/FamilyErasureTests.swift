import BatonCore
import BatonTestSupport
import BatonWorker
import Foundation
import Postgres
import Testing

@Suite("DELETE /v1/families/{family_id}", .timeLimit(.minutes(10)))
struct FamilyErasureTests {
    let app: TestApp
    let client: HTTPTestClient

    /// Everything personal the test family hands Baton.
    static let personal = [
        "Household Zed", "inviter-qx7", "Quill Inviter", "note-k3v", "kid@househ.example", "househ.example", "redeemer-r1x",
        "redeemer-r2x", "redeemer-r3x",
    ]

    init() throws {
        (app, client) = try TestApp.withClient(rateLimited: false)
    }

    private func create(_ fields: [String: Any], headers: [(String, String)] = []) throws -> HTTPTestClient.Response {
        try Self.create(fields, headers: headers, with: client)
    }

    private static func create(
        _ fields: [String: Any], headers: [(String, String)] = [], with client: HTTPTestClient
    ) throws -> HTTPTestClient.Response {
        let base: [String: Any] = [
            "family_id": "fam_1", "family_name": "Household Zed", "inviter_id": "inviter-qx7", "inviter_name": "Quill Inviter",
            "metadata": ["note": "note-k3v"], "source": "share_sheet",
        ]
        let response = try client.post("/v1/invites", json: base.merging(fields) { $1 }, headers: headers)
        #expect(response.status == 201)
        return response
    }

    private func redeem(_ token: Any?, _ redeemer: String) throws -> HTTPTestClient.Response {
        try Self.redeem(token, redeemer, with: client)
    }

    private static func redeem(
        _ token: Any?, _ redeemer: String, invitee: [String: String]? = nil, with client: HTTPTestClient
    ) throws -> HTTPTestClient.Response {
        var body: [String: Any] = ["token": token as? String ?? "", "redeemer_id": redeemer]
        body["invitee"] = invitee
        return try client.post("/v1/redemptions", json: body)
    }

    /// Every value of every column of every table of the `baton` schema
    /// (found in the catalog), as text: `bytea` as its bytes
    /// (`encode(…, 'escape')`: printable ASCII as itself), `jsonb` and every
    /// other type cast to text.
    private static func everyColumn(of app: TestApp) throws -> String {
        try app.withConnection { connection in
            let columns = try connection.query(
                """
                SELECT c.relname || '.' || a.attname AS name,
                       format('SELECT coalesce(string_agg(%s, E''\\n''), '''') FROM baton.%I',
                              CASE WHEN a.atttypid = 'bytea'::regtype THEN format('encode(%I, ''escape'')', a.attname)
                                   ELSE format('%I::text', a.attname) END,
                              c.relname) AS reader
                FROM pg_attribute a
                JOIN pg_class c ON c.oid = a.attrelid
                JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = 'baton' AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
                ORDER BY 1
                """
            ).map { (name: try $0.decode(String.self, "name"), reader: try $0.decode(String.self, "reader")) }
            let names = Set(columns.map(\.name))
            #expect(
                names.isSuperset(of: ["webhook_deliveries.response_prefix", "jobs.args", "events.data", "idempotency_keys.response_body"]))
            return try columns.map { try connection.query($0.reader)[0].decode(String.self, at: 0) }.joined(separator: "\n")
        }
    }

    /// The family's invites, redeemed, replayed with a key, and a copy of an
    /// event body in an old-style webhook job; another family beside it.
    private func makeFamily() throws -> (multi: [String: Any], idempotent: HTTPTestClient.Response) {
        try Self.makeFamily(app: app, client: client)
    }

    private static func makeFamily(app: TestApp, client: HTTPTestClient) throws -> (
        multi: [String: Any], idempotent: HTTPTestClient.Response
    ) {
        let multi = try create(["max_redemptions": 3], with: client).json
        #expect(try redeem(multi["token"], "redeemer-r1x", with: client).status == 201)
        #expect(try redeem(multi["token"], "redeemer-r2x", with: client).status == 201)
        let bound = try create(["invitee": ["email": "Kid@househ.example"]], with: client).json
        #expect(try redeem(bound["token"], "redeemer-r3x", invitee: ["email": "kid@househ.example"], with: client).status == 201)
        _ = try create([:], with: client)
        let idempotent = try create(["campaign": "spring"], headers: [("Idempotency-Key", "create-1")], with: client)
        let other = try client.post(
            "/v1/invites", json: ["family_id": "fam_2", "family_name": "The Roe Family", "inviter_name": "Rita Roe"])
        #expect(try redeem(other.json["token"], "redeemer-roe", with: client).status == 201)
        _ = try app.withConnection { connection in
            try connection.query(
                """
                INSERT INTO baton.jobs (kind, args)
                SELECT 'webhook.deliver', jsonb_build_object('event', baton.webhook_body(event_id, type, occurred_at, data || '{"family_name": "Household Zed"}'))
                FROM baton.events WHERE type = 'invite.redeemed' AND family_id = 'fam_1' LIMIT 1
                """)
        }
        return (multi, idempotent)
    }

    @Test("an erasure leaves none of the family's strings in any table, and the other family's untouched")
    func erasesEverywhere() throws {
        let (_, _) = try makeFamily()
        let before = try Self.everyColumn(of: app)
        // The invitee's address itself is never stored, only its hash and hint.
        for text in Self.personal where text != "kid@househ.example" { #expect(before.contains(text), "\(text) was stored before") }
        let response = try client.send("DELETE", "/v1/families/fam_1")
        #expect(response.status == 200)
        #expect(response.json["invites_revoked"] as? Int == 3 && response.json["invites_erased"] as? Int == 4)
        #expect(response.json["redemptions_erased"] as? Int == 3 && response.json["idempotent_responses_erased"] as? Int == 1)
        let after = try Self.everyColumn(of: app)
        for text in Self.personal { #expect(!after.contains(text), "\(text) is still stored") }
        for text in ["The Roe Family", "Rita Roe", "redeemer-roe"] { #expect(after.contains(text)) }
        #expect(try app.count("SELECT count(*) FROM baton.invites WHERE family_id = 'fam_1' AND state = 'active'") == 0)
        #expect(try app.count("SELECT sum(redemption_count)::int8 FROM baton.invites WHERE family_id = 'fam_1'") == 3)
        #expect(try app.count("SELECT count(DISTINCT redeemer_id) FROM baton.redemptions WHERE redeemer_id LIKE 'erased:%'") == 3)
        #expect(try app.count("SELECT count(*) FROM baton.events WHERE type = 'invite.revoked' AND family_id = 'fam_1'") == 3)
    }

    @Test("a family.erased event and its webhook job are recorded, holding counts only")
    func erasedEvent() throws {
        try app.addWebhookEndpoint()
        _ = try makeFamily()
        let response = try client.send("DELETE", "/v1/families/fam_1")
        let eventID = try #require(response.json["event_id"] as? String)
        let body = try app.withConnection { connection in
            try connection.query(
                "SELECT baton.webhook_body(event_id, type, occurred_at, data)::text FROM baton.events WHERE event_id = $1::uuid",
                [eventID])[0].decode(String.self, at: 0)
        }
        let data = try #require((JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])?["data"] as? [String: Any])
        #expect(data["family_id"] as? String == "fam_1" && data["invites_revoked"] as? Int == 3 && data["invite_id"] == nil)
        #expect(try app.count("SELECT count(*) FROM baton.jobs WHERE args->>'event_id' = '\(eventID)'") == 1)
        #expect(try app.count("SELECT count(*) FROM baton.jobs WHERE args ? 'event'") == 0)
    }

    @Test("the family.erased job takes BATON_WEBHOOK_MAX_ATTEMPTS when no endpoint comes from BATON_WEBHOOK_URL")
    func erasedEventAttempts() throws {
        let (app, client) = try TestApp.withClient(rateLimited: false, environment: ["BATON_WEBHOOK_MAX_ATTEMPTS": "4"])
        try app.addWebhookEndpoint()
        #expect(try client.post("/v1/invites", json: ["family_id": "fam_1", "family_name": "Household Zed"]).status == 201)
        let eventID = try #require(try client.send("DELETE", "/v1/families/fam_1").json["event_id"] as? String)
        #expect(try app.count("SELECT max_attempts FROM baton.jobs WHERE args->>'event_id' = '\(eventID)'") == 4)
    }

    @Test("replayed receipts and idempotent responses carry the erased form")
    func replaysErased() throws {
        let (multi, idempotent) = try makeFamily()
        #expect(try client.send("DELETE", "/v1/families/fam_1").status == 200)
        let receipt = try redeem(multi["token"], "redeemer-r1x")
        #expect(receipt.status == 200)
        #expect(receipt.json["family_name"] as? String == FamilyEraser.erasedFamilyName)
        #expect((receipt.json["redeemer_id"] as? String)?.hasPrefix("erased:") == true)
        #expect(receipt.json["inviter_name"] is NSNull && (receipt.json["metadata"] as? [String: Any])?.isEmpty == true)
        #expect(receipt.json["source"] as? String == "share_sheet")
        #expect(try redeem(multi["token"], "redeemer-r1x").body == receipt.body)
        let stranger = try redeem(multi["token"], "someone-new")
        #expect(stranger.errorCode == "invite_revoked")

        let replay = try create(["campaign": "spring"], headers: [("Idempotency-Key", "create-1")])
        #expect(replay.header("Idempotent-Replayed") == "true")
        #expect(replay.json["id"] as? String == idempotent.json["id"] as? String)
        #expect(replay.json["family_name"] as? String == FamilyEraser.erasedFamilyName && replay.json["erased_at"] is String)
        let text = String(decoding: replay.body, as: UTF8.self)
        for gone in Self.personal { #expect(!text.contains(gone)) }
        let read = try client.get("/v1/invites/\(idempotent.json["id"] as? String ?? "")").json
        #expect(read["family_name"] as? String == FamilyEraser.erasedFamilyName && read["inviter_id"] is NSNull)
    }

    @Test("erasing twice is fine, an unknown family is 404 family_not_found, and only admin keys may erase")
    func rules() throws {
        _ = try create([:])
        let writer = try app.client(apiKey: app.makeKey([.invitesWrite, .invitesRead]))
        let refused = try writer.send("DELETE", "/v1/families/fam_1")
        #expect(refused.status == 403)
        #expect(try app.count("SELECT count(*) FROM baton.invites WHERE erased_at IS NOT NULL") == 0)
        #expect(try client.send("DELETE", "/v1/families/fam_1").json["invites_revoked"] as? Int == 1)
        let again = try client.send("DELETE", "/v1/families/fam_1")
        #expect(again.status == 200 && again.json["invites_revoked"] as? Int == 0 && again.json["invites_erased"] as? Int == 0)
        let unknown = try client.send("DELETE", "/v1/families/nobody")
        #expect(unknown.status == 404 && unknown.errorCode == "family_not_found")
    }

    /// A server whose one webhook endpoint is `receiver` (which echoes each
    /// body back), a running worker delivering to it, and the family made.
    /// The caller keeps all four alive; `worker.stop()` ends the deliveries.
    static func echoingFamily(
        _ receiver: WebhookReceiver, secret: String
    ) throws -> (app: TestApp, client: HTTPTestClient, worker: Worker) {
        let (app, client) = try TestApp.withClient(
            rateLimited: false,
            environment: ["BATON_WEBHOOK_URL": receiver.url, "BATON_WEBHOOK_SECRET": secret, "BATON_WEBHOOK_MAX_ATTEMPTS": "1"])
        #expect(eventually(within: 10) { (try? app.count("SELECT count(*) FROM baton.webhook_endpoints")) == 1 })
        let worker = Worker.standard(app.app.configuration)
        worker.start()
        _ = try makeFamily(app: app, client: client)
        return (app, client, worker)
    }

    static let settled = "SELECT count(*) FROM baton.jobs WHERE state IN ('available', 'running', 'retryable')"
    /// Delivery entries whose answer holds the family's name.
    static let echoes = """
        SELECT count(*) FROM baton.webhook_deliveries d JOIN baton.events e ON e.event_id = d.event_id
        WHERE e.family_id = 'fam_1' AND position(convert_to('Household Zed', 'UTF8') IN d.response_prefix) > 0
        """

    @Test(
        "after an echoing receiver got the family's webhooks, an erasure leaves none of its strings in any column, bytea and jsonb included"
    )
    func erasesDeliveryLog() throws {
        let secret = "whsec-erasure-echo-0123456789abcdef0123"
        let receiver = try WebhookReceiver(secret: Array(secret.utf8), echoes: true)
        let (app, client, worker) = try Self.echoingFamily(receiver, secret: secret)
        defer { worker.stop() }
        #expect(eventually(within: 20) { (try? app.count(Self.settled)) == 0 })
        #expect(try app.count(Self.echoes) >= 4, "the receiver's echoes of the family's webhooks are in the delivery log")
        #expect(try client.send("DELETE", "/v1/families/fam_1").status == 200)
        #expect(eventually(within: 20) { (try? app.count(Self.settled)) == 0 })
        let after = try Self.everyColumn(of: app)
        for text in Self.personal { #expect(!after.contains(text), "\(text) is still stored") }
        for text in ["The Roe Family", "Rita Roe", "redeemer-roe"] { #expect(after.contains(text)) }
        #expect(try app.count("SELECT count(*) FROM baton.webhook_deliveries WHERE response_prefix IS NOT NULL") > 0)
    }

    @Test("a delivery still in flight when the family is erased stores no echo of it when its answer arrives")
    func erasesDeliveriesInFlight() throws {
        let secret = "whsec-erasure-inflight-0123456789abcdef"
        let receiver = try WebhookReceiver(secret: Array(secret.utf8), echoes: true, holdingAnswers: true)
        let (app, client, worker) = try Self.echoingFamily(receiver, secret: secret)
        defer { worker.stop() }
        let inFlight = "SELECT count(*) FROM baton.webhook_deliveries WHERE succeeded IS NULL"
        #expect(eventually(within: 20) { !receiver.deliveries.isEmpty && (try? app.count(inFlight)) ?? 0 > 0 })
        #expect(try client.send("DELETE", "/v1/families/fam_1").status == 200)
        receiver.releaseAnswers()
        #expect(eventually(within: 30) { (try? app.count(Self.settled)) == 0 && (try? app.count(inFlight)) == 0 })
        #expect(try app.count(Self.echoes) == 0, "an answer that arrived after the erasure echoes the family")
        let after = try Self.everyColumn(of: app)
        for text in Self.personal { #expect(!after.contains(text), "\(text) is still stored") }
    }
}
