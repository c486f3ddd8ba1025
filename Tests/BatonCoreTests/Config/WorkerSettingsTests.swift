import BatonCore
import BatonTestSupport
import Testing

@Suite("WorkerSettings", .timeLimit(.minutes(10)))
struct WorkerSettingsTests {
    static let required = ["BATON_DATABASE_URL": "host=/tmp dbname=baton", "BATON_SECRET_KEY": TestSecrets.secretKeyHex]

    @Test(
        "the removed renewal threshold is ignored whatever its value, and listed as removed, not as a setting",
        arguments: ["0", "50000", "lots"])
    func removedRenewalThreshold(value: String) throws {
        let environment = Self.required.merging(["BATON_WORKER_RENEW_AFTER_WEBHOOKS": value]) { $1 }
        #expect(try BatonConfiguration(environment: environment).worker == BatonConfiguration(environment: Self.required).worker)
        #expect(RemovedSetting.all.map(\.name).contains("BATON_WORKER_RENEW_AFTER_WEBHOOKS"))
        #expect(!Setting.all.map(\.name).contains("BATON_WORKER_RENEW_AFTER_WEBHOOKS"))
    }
}
