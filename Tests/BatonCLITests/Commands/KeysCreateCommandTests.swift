import BatonCore
import BatonTestSupport
import Testing

@Suite("keys create command", .timeLimit(.minutes(10)))
struct KeysCreateCommandTests {
    @Test("standard output is exactly the key; the save-it-now notice and the id go to standard error")
    func stdoutIsTheKey() throws {
        let db = try MigratedDatabase()
        let secret = TestSecrets.secretKeyHex
        let outcome = try BatonRun.run(
            ["keys", "create", "--name", "ci", "--scope", "invites:read"],
            environment: ["BATON_DATABASE_URL": db.conninfo, "BATON_SECRET_KEY": secret])
        #expect(outcome.status == 0, "\(outcome.err)")
        let key = try APIKey(parsing: String(outcome.out.dropLast()))
        #expect(outcome.out == key.text + "\n")
        let stored = try APIKeyStore(secret: try #require(Sodium.bytes(fromHex: secret))).list(on: db.connection)
        #expect(stored.map(\.publicID) == [key.publicID])
        #expect(outcome.err.contains("Save this key now"))
        #expect(outcome.err.contains(key.publicID))
    }
}
