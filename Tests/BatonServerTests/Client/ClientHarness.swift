import BatonClient
import BatonTestSupport
import Foundation
import Testing

@testable import HandoffFlow

/// A Baton for `BatonClient`'s tests: the real server on loopback over a
/// fresh database, redeemer JWTs on, rate limits as given (off by default).
final class ClientHarness {
    static let jwtSecretHex = TestSecrets.otherHex

    let baton: TestApp

    init(rateLimits: String = "off", _ label: String = #fileID) throws {
        baton = try TestApp(environment: ["BATON_REDEEMER_JWT_SECRET": Self.jwtSecretHex, "BATON_RATE_LIMITS": rateLimits], label)
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
