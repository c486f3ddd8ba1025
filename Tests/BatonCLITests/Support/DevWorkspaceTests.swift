import BatonCore
import BatonTestSupport
import Testing

@testable import BatonCLI

@Suite("baton dev workspace", .timeLimit(.minutes(10)))
struct DevWorkspaceTests {
    @Test("BATON_* settings from the environment apply to baton dev, except the database, secrets and listen address it owns")
    func settingsPassThrough() {
        let passed = DevWorkspace.passedThroughSettings(from: [
            "BATON_WEBHOOK_URL": "http://127.0.0.1:9/hook",
            "BATON_RATE_LIMITS": "off",
            "BATON_STATEMENT_TIMEOUT_MS": "",
            "BATON_DATABASE_URL": "host=elsewhere",
            "BATON_SECRET_KEY": TestSecrets.secretKeyHex,
            "BATON_LISTEN": "0.0.0.0:80",
            "BATON_HANDOFF_KEYS": "other:" + TestSecrets.otherHex,
            "PATH": "/usr/bin",
        ])
        #expect(passed == ["BATON_WEBHOOK_URL": "http://127.0.0.1:9/hook", "BATON_RATE_LIMITS": "off"])
    }
}
