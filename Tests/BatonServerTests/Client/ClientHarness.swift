import BatonClient
import BatonHandoff
import BatonTestSupport
import Foundation
import Postgres
import Testing

@testable import HandoffFlow

/// A Baton for `BatonClient`'s tests: the real server on loopback over a
/// fresh database, redeemer JWTs on, rate limits off unless `environment`
/// (which overrides these settings) says otherwise.
final class ClientHarness {
    static let jwtSecretHex = TestSecrets.otherHex

    let baton: TestApp

    init(environment: [String: String] = [:], _ label: String = #fileID) throws {
        let settings = ["BATON_REDEEMER_JWT_SECRET": Self.jwtSecretHex, "BATON_RATE_LIMITS": "off"].merging(environment) { $1 }
        baton = try TestApp(environment: settings, label)
    }

    /// A client of this Baton, under `path` when given (a wrong base URL).
    func client(path: String = "") -> BatonClient {
        BatonClient(baseURL: URL(string: "http://127.0.0.1:\(baton.port)\(path)")!, timeout: 5)
    }

    /// The app's redeemer: a JWT for `subject`, as its backend mints one.
    func redeemer(_ subject: String = "person-7") throws -> Redeemer {
        .token(try RedeemerJWT(secretText: Self.jwtSecretHex).mint(subject: subject))
    }

    /// An invite created through the API with the admin key.
    func createInvite(maxRedemptions: Int = 1) async throws -> CreatedInvite {
        try await client().createInvite(
            NewInvite(
                familyId: "fam-\(UUID().uuidString)", familyName: "The Okafor family", inviterName: "Ada", ttlSeconds: 3600,
                maxRedemptions: maxRedemptions),
            apiKey: baton.adminKey)
    }

    /// The id of the key the server signs handoffs with, read from a handoff it minted.
    func handoffKeyID() async throws -> String {
        let handoff = try await client().preview(try await createInvite().code).handoff
        return try #require(try HandoffDecoder(policy: .device).decode(handoff).header.keyID)
    }

    /// The answer to a create with Idempotency-Key `key` sent while a first
    /// one with that key is still running: the first claims the key, then
    /// waits for a lock on `baton.events` this test holds until the second answered.
    func whileFirstCreateIsInFlight(key: String) async throws -> BatonError? {
        let blocker = try PostgresConnection(baton.app.configuration.databaseURL)
        defer { blocker.close() }
        try blocker.runScript("BEGIN; LOCK TABLE baton.events IN SHARE MODE")
        let first = Task { [client = client(), adminKey = baton.adminKey] in
            try await client.createInvite(Handoffs.draft, apiKey: adminKey, idempotencyKey: key)
        }
        let claimed = "SELECT count(*) \(IdempotencyTests.advisoryLocks)"
        let deadline = ContinuousClock.now + .seconds(30)
        while try blocker.query(claimed)[0].decode(Int.self, at: 0) == 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        let second = await refusal { try await client().createInvite(Handoffs.draft, apiKey: baton.adminKey, idempotencyKey: key) }
        try blocker.runScript("COMMIT")
        #expect(try await first.value.familyId == Handoffs.draft.familyId)
        return second
    }

    /// Moves `invite`'s expiry into the past, as time would.
    func expire(_ invite: CreatedInvite) throws {
        _ = try baton.withConnection {
            try $0.query(
                "UPDATE baton.invites SET created_at = now() - interval '2 hours', expires_at = now() - interval '1 second' WHERE id = $1::uuid",
                [invite.id])
        }
    }
}

/// `body`'s ``BatonError``, or nil when it succeeded (any other error is recorded as an issue).
func refusal<Answer>(_ body: () async throws -> Answer) async -> BatonError? {
    do {
        _ = try await body()
        return nil
    } catch let error as BatonError {
        return error
    } catch {
        Issue.record("expected a BatonError, got \(error)")
        return nil
    }
}
