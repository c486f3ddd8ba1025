import BatonTestSupport
import Testing

@Suite("baton config check and BATON_DEFAULT_LOCALE", .timeLimit(.minutes(10)))
struct ConfigCheckDefaultLocaleTests {
    static let required = ["BATON_DATABASE_URL": "host=/tmp dbname=baton", "BATON_SECRET_KEY": TestSecrets.secretKeyHex]

    @Test("a supported tag passes; any other fails the check, naming the setting and the supported tags")
    func defaultLocaleIsChecked() throws {
        let (valid, good) = try ConfigCheckSecretFileTests.check(Self.required.merging(["BATON_DEFAULT_LOCALE": "ar"]) { $1 })
        #expect(valid == 0)
        #expect(good["BATON_DEFAULT_LOCALE"]?["status"] as? String == "ok")
        #expect(good["BATON_DEFAULT_LOCALE"]?["value"] as? String == "ar")
        let (invalid, bad) = try ConfigCheckSecretFileTests.check(Self.required.merging(["BATON_DEFAULT_LOCALE": "klingon"]) { $1 })
        #expect(invalid == 1)
        let status = bad["BATON_DEFAULT_LOCALE"]?["status"] as? String ?? ""
        #expect(status.contains("en, ar, ja, es") && status.contains("klingon"))
    }
}
