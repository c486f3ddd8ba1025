import BatonCore
import BatonTestSupport
import Foundation
import Testing

@Suite("baton config check: webhook destinations", .timeLimit(.minutes(10)))
struct ConfigCheckWebhookDestinationTests {
    @Test("BATON_WEBHOOK_URL at the metadata address fails the check naming link_local, and passes once its network is allowed")
    func internalWebhookURLFailsTheCheck() throws {
        let base = [
            "BATON_DATABASE_URL": "host=/tmp dbname=baton", "BATON_SECRET_KEY": TestSecrets.secretKeyHex,
            "BATON_WEBHOOK_URL": "https://169.254.169.254/", "BATON_WEBHOOK_SECRET": Sodium.hex(Sodium.randomBytes(32)),
        ]
        let (refused, settings) = try ConfigCheckSecretFileTests.check(base)
        #expect(refused == 1)
        #expect((settings["BATON_WEBHOOK_URL"]?["status"] as? String)?.contains("link_local") == true)
        let (allowed, _) = try ConfigCheckSecretFileTests.check(base.merging(["BATON_WEBHOOK_ALLOWED_NETWORKS": "169.254.0.0/16"]) { $1 })
        #expect(allowed == 0)
    }
}
