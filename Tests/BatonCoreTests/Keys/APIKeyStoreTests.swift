import BatonCore
import BatonTestSupport
import Foundation
import Postgres
import Testing

@Suite("APIKeyStore", .timeLimit(.minutes(10)))
struct APIKeyStoreTests {
    let connection: PostgresConnection
    let store = APIKeyStore(secret: Array(repeating: 7, count: 32))

    init() throws {
        connection = try PostgresConnection(TestPostgres.shared.makeMigratedDatabase())
    }

    /// Authenticates through a cache that never listens, so every call reads
    /// the key's row, as a server does while its cache is off.
    private func authenticate(_ text: String, with store: APIKeyStore? = nil) throws -> APIKeyStore.Record {
        try APIKeyCache(store: store ?? self.store, conninfo: nil).authenticate(text) { try $0(connection) }
    }

    @Test("a created key authenticates with its scopes, and only its hash is stored")
    func createAndAuthenticate() throws {
        let (key, record) = try store.create(name: "backend", scopes: [.invitesWrite, .invitesRead], on: connection)
        let found = try authenticate(key.text)
        #expect(found.id == record.id)
        #expect(Set(found.scopes) == [.invitesWrite, .invitesRead])
        let stored = try connection.query("SELECT key_hash FROM baton.api_keys WHERE id = $1", [record.id])[0].decode(Data.self, at: 0)
        #expect(stored.count == 32 && !String(decoding: stored, as: UTF8.self).contains(key.text))
    }

    @Test("a wrong secret, an unknown id and a revoked key all get the same invalid_api_key")
    func rejections() throws {
        let (key, record) = try store.create(name: "app", scopes: [.redemptionsWrite], on: connection)
        let wrongSecret = String(key.text.dropLast()) + (key.text.hasSuffix("0") ? "1" : "0")
        #expect(throws: APIKeyError.invalid) { try authenticate(wrongSecret) }
        #expect(throws: APIKeyError.invalid) { try authenticate(APIKey.generate().text) }
        let otherStore = APIKeyStore(secret: Array(repeating: 8, count: 32))
        #expect(throws: APIKeyError.invalid) { try authenticate(key.text, with: otherStore) }
        _ = try store.revoke(publicID: record.publicID, on: connection)
        let again = try store.revoke(publicID: record.publicID, on: connection)
        #expect(again.revokedAt != nil)
        #expect(throws: APIKeyError.invalid) { try authenticate(key.text) }
    }

    @Test("a generated key parses back to itself, its public id the 12 digits after bk_")
    func generatedKeysParse() throws {
        for _ in 0..<100 {
            let key = APIKey.generate()
            let parsed = try APIKey(parsing: key.text)
            #expect(parsed == key)
            #expect(parsed.publicID == String(key.text.dropFirst(3).prefix(12)))
        }
    }

    @Test(
        "text that is not a key is malformed, and a key never prints its secret",
        arguments: [
            "", "bk_", "Bearer x", "bk_0123456789ab_" + String(repeating: "g", count: 40), String(repeating: "a", count: 56),
            "bk_0123456789AB_" + String(repeating: "a", count: 40), "bk-0123456789ab_" + String(repeating: "a", count: 40),
            "bk_0123456789a_b" + String(repeating: "a", count: 40), "bk_0123456789ab_" + String(repeating: "a", count: 39) + "_",
            "bk_0123456789ab_" + String(repeating: "a", count: 41), "bk_0123456789ab_" + String(repeating: "a", count: 38) + "é",
            "BK_0123456789ab_" + String(repeating: "a", count: 40),
        ])
    func malformed(text: String) {
        #expect(throws: APIKeyError.malformed) { try APIKey(parsing: text) }
        let key = APIKey.generate()
        #expect(!"\(key)".contains(key.text))
    }

    @Test(
        "key names with hidden characters or out of bounds are refused", arguments: ["", "a\u{202E}b", String(repeating: "n", count: 101)])
    func badNames(name: String) {
        #expect(throws: APIKeyError.invalidName) { try store.create(name: name, scopes: [.admin], on: connection) }
    }
}
