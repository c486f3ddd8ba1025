import BatonCore
import Foundation
import Postgres
import Testing

@Suite("Credentials at rest", .timeLimit(.minutes(10)))
struct CredentialsAtRestTests {
    let app: TestApp
    let client: HTTPTestClient
    static var body: [String: Any] { ["family_id": "f", "family_name": "Fam"] }

    init() throws {
        (app, client) = try TestApp.withClient()
    }

    /// Every row of every table in schema `baton` as text (bytea shows as
    /// hex), so a credential stored in any column, plain or as bytes, shows.
    func everyRowAsText() throws -> [String] {
        try app.withConnection { connection in
            let tables = try connection.query(
                "SELECT quote_ident(table_name) FROM information_schema.tables WHERE table_schema = 'baton' AND table_type = 'BASE TABLE'"
            ).map { try $0.decode(String.self, at: 0) }
            return try tables.flatMap { table in
                try connection.query("SELECT r::text FROM baton.\(table) AS r").map { try $0.decode(String.self, at: 0) }
            }
        }
    }

    /// The credentials a create answered with, as text and as the hex of their UTF-8 bytes.
    static func needles(in response: HTTPTestClient.Response) -> [String] {
        let items = (response.json["invites"] as? [[String: Any]]) ?? [response.json]
        return items.flatMap { item -> [String] in
            let texts = ["code", "token", "link"].compactMap { item[$0] as? String }
            #expect(texts.count == 3)
            return texts + texts.map { Sodium.hex(Array($0.utf8)) }
        }
    }

    @Test(
        "no table holds a returned code, token or link after creates with and without Idempotency-Key",
        arguments: ["/v1/invites", "/v1/invites/batch"])
    func noPlaintextCredentials(path: String) throws {
        let json: [String: Any] = path.hasSuffix("batch") ? ["invites": [Self.body, Self.body]] : Self.body
        let keyed = try client.post(path, json: json, headers: [("Idempotency-Key", "at-rest")])
        let plain = try client.post(path, json: json)
        #expect(keyed.status == 201 && plain.status == 201)
        #expect(try app.count("SELECT count(*) FROM baton.idempotency_keys") == 1)
        let rows = try everyRowAsText()
        for needle in Self.needles(in: keyed) + Self.needles(in: plain) {
            #expect(!rows.contains { $0.localizedCaseInsensitiveContains(needle) }, "a stored row holds a credential")
        }
        let replay = try client.post(path, json: json, headers: [("Idempotency-Key", "at-rest")])
        #expect(replay.body == keyed.body && replay.header("Idempotent-Replayed") == "true")
    }
}
