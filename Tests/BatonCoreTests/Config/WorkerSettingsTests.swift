import BatonCore
import BatonTestSupport
import Testing

@Suite("WorkerSettings")
struct WorkerSettingsTests {
    static let required = ["BATON_DATABASE_URL": "host=/tmp dbname=baton", "BATON_SECRET_KEY": TestSecrets.secretKeyHex]

    static func worker(renewAfter value: String?) throws -> WorkerSettings {
        var environment = required
        environment["BATON_WORKER_RENEW_AFTER_WEBHOOKS"] = value
        return try BatonConfiguration(environment: environment).worker
    }

    @Test(
        "a worker renews after 100000 webhook attempts unless told otherwise, and 0 means never",
        arguments: [
            (String?.none, Int?.some(100_000)), ("0", nil), ("1", 1), ("50000", 50_000), ("1000000000", 1_000_000_000),
        ])
    func renewalThreshold(value: String?, expected: Int?) throws {
        #expect(try Self.worker(renewAfter: value).renewAfterWebhooks == expected)
    }

    @Test(
        "a negative, fractional, too large or non-numeric renewal threshold is a configuration error naming the setting and the value",
        arguments: ["-1", "1.5", "1000000001", "lots", "1e5", " 7"])
    func badRenewalThreshold(value: String) {
        #expect {
            _ = try Self.worker(renewAfter: value)
        } throws: { error in
            guard let error = error as? ConfigurationError else { return false }
            return error.problems.map(\.setting) == ["BATON_WORKER_RENEW_AFTER_WEBHOOKS"]
                && error.description.contains("a whole number from 0 to 1000000000")
                && error.description.contains("'\(value)'")
        }
    }
}
