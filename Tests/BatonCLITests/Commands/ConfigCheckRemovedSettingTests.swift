import BatonTestSupport
import Testing

@Suite("baton config check with a removed setting", .timeLimit(.minutes(10)))
struct ConfigCheckRemovedSettingTests {
    @Test("a removed setting still set is listed as ignored with its reason, and the configuration stays valid")
    func removedSettingIsIgnored() throws {
        let environment = [
            "BATON_DATABASE_URL": "host=/tmp dbname=baton", "BATON_SECRET_KEY": TestSecrets.secretKeyHex,
            "BATON_WORKER_RENEW_AFTER_WEBHOOKS": "100000",
        ]
        let (code, settings) = try ConfigCheckSecretFileTests.check(environment)
        #expect(code == 0)
        let row = settings["BATON_WORKER_RENEW_AFTER_WEBHOOKS"]
        #expect(row?["value"] as? String == "100000")
        #expect((row?["status"] as? String)?.hasPrefix("ignored: removed setting (") == true)
        let (_, unset) = try ConfigCheckSecretFileTests.check(environment.filter { $0.key != "BATON_WORKER_RENEW_AFTER_WEBHOOKS" })
        #expect(unset["BATON_WORKER_RENEW_AFTER_WEBHOOKS"] == nil)
    }
}
