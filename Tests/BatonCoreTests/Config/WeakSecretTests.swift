import BatonCore
import Foundation
import Testing

@Suite("Weak secrets", .timeLimit(.minutes(10)))
struct WeakSecretTests {
    /// Random bytes (from `baton dev`'s generator), good for every secret setting.
    static let good = "5f0c2a9d81e4b7361fa8c05d92e3b46a7d18c9f02b5e6a4183d7f90c1e2b5a68"
    static let base = ["BATON_DATABASE_URL": "postgresql:///baton", "BATON_SECRET_KEY": good]

    /// The problem reported for `setting` when `environment` is added to a valid one.
    static func problem(_ setting: String, in environment: [String: String]) -> ConfigurationError.Problem? {
        do {
            _ = try BatonConfiguration(environment: base.merging(environment) { $1 })
            return nil
        } catch {
            return error.problems.first { $0.setting == setting }
        }
    }

    @Test(
        "a server secret of equal bytes, a short repeating pattern or the deploy example is refused, saying how to make one",
        arguments: [
            String(repeating: "00", count: 32), String(repeating: "ab", count: 32), String(repeating: "0123", count: 16),
            String(repeating: "deadbeefcafe", count: 6), Data(repeating: 0x41, count: 48).base64EncodedString(),
        ])
    func weakServerSecret(secret: String) throws {
        let problem = try #require(Self.problem("BATON_SECRET_KEY", in: ["BATON_SECRET_KEY": secret]))
        #expect(problem.message.contains("too little entropy"))
        #expect(problem.message.contains("openssl rand -hex 32") && problem.message.contains("baton dev"))
        #expect(!problem.message.contains(secret))
    }

    @Test(
        "a webhook secret of one repeated character, a short pattern or the deploy example is refused",
        arguments: [
            String(repeating: "a", count: 40), String(repeating: "abc", count: 12),
            "change-me-webhook-secret-at-least-32-characters",
        ])
    func weakWebhookSecret(secret: String) throws {
        let environment = ["BATON_WEBHOOK_URL": "https://backend.example.com/hook", "BATON_WEBHOOK_SECRET": secret]
        let problem = try #require(Self.problem("BATON_WEBHOOK_SECRET", in: environment))
        #expect(problem.message.contains("too little entropy"))
    }

    @Test("a weak redeemer JWT secret or handoff key is refused too")
    func weakOtherSecrets() {
        let weak = String(repeating: "11", count: 32)
        #expect(Self.problem("BATON_REDEEMER_JWT_SECRET", in: ["BATON_REDEEMER_JWT_SECRET": weak]) != nil)
        #expect(Self.problem("BATON_HANDOFF_KEYS", in: ["BATON_HANDOFF_KEYS": "k1:\(weak)"]) != nil)
    }

    @Test("random secrets of every kind pass")
    func goodSecretsPass() throws {
        let environment = [
            "BATON_WEBHOOK_URL": "https://backend.example.com/hook", "BATON_WEBHOOK_SECRET": Sodium.hex(Sodium.randomBytes(32)),
            "BATON_REDEEMER_JWT_SECRET": Sodium.hex(Sodium.randomBytes(32)),
            "BATON_HANDOFF_KEYS": "k1:\(Sodium.hex(Sodium.randomBytes(32)))",
        ]
        _ = try BatonConfiguration(environment: Self.base.merging(environment) { $1 })
    }
}
