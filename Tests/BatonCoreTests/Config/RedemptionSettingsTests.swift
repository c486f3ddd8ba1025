import BatonCore
import BatonTestSupport
import Testing

@Suite("Redemption settings", .timeLimit(.minutes(10)))
struct RedemptionSettingsTests {
    static let base = ["BATON_DATABASE_URL": "postgresql:///x", "BATON_SECRET_KEY": TestSecrets.secretKeyHex]
    static let key1 = TestSecrets.otherHex, key0 = TestSecrets.thirdHex

    private func configuration(_ extra: [String: String]) throws -> BatonConfiguration {
        try BatonConfiguration(environment: Self.base.merging(extra) { $1 })
    }

    @Test("handoff keys: the first listed signs and every one verifies")
    func keyring() throws {
        let settings = try configuration(["BATON_HANDOFF_KEYS": "k1:\(Self.key1), k0:\(Self.key0)"]).redemption
        #expect(settings.handoffKeyring.signingKeyID == "k1")
        #expect(settings.handoffKeyring.keyIDs == ["k0", "k1"])
    }

    @Test("unset handoff keys derive one key from the server secret")
    func derivedKey() throws {
        #expect(try configuration([:]).redemption.handoffKeyring.keyIDs == [RedemptionSettings.derivedKeyID])
    }

    @Test(
        "malformed values are refused, naming the setting and never a secret",
        arguments: [
            ("BATON_HANDOFF_KEYS", "k1:abcd"), ("BATON_HANDOFF_KEYS", "k1:\(key1),k1:\(key0)"), ("BATON_HANDOFF_KEYS", "bad id:\(key1)"),
            ("BATON_REDEEMER_JWT_SECRET", "short"), ("BATON_RATE_LIMITS", "code=lots"), ("BATON_HANDOFF_TTL_SECONDS", "5"),
            ("BATON_ANDROID_PACKAGE", "no-dots"), ("BATON_ANDROID_CERT_FINGERPRINTS", "AB:CD"),
        ])
    func refused(name: String, value: String) {
        #expect {
            try configuration([name: value])
        } throws: { error in
            guard let error = error as? ConfigurationError else { return false }
            let secret = name == "BATON_HANDOFF_KEYS" || name == "BATON_REDEEMER_JWT_SECRET"
            return error.problems.map(\.setting) == [name] && !(secret && error.description.contains(value))
        }
    }

    @Test("rate limits off, JWT secret and Android app links are read")
    func optionalSettings() throws {
        let fingerprint = Array(repeating: "ab", count: 32).joined(separator: ":")
        let settings = try configuration([
            "BATON_RATE_LIMITS": "off", "BATON_REDEEMER_JWT_SECRET": Self.key1,
            "BATON_ANDROID_PACKAGE": "com.example.family", "BATON_ANDROID_CERT_FINGERPRINTS": fingerprint,
        ]).redemption
        #expect(settings.rateLimits == nil)
        #expect(settings.redeemerJWTSecret?.count == 32)
        #expect(settings.androidPackage == "com.example.family")
        #expect(settings.androidCertificateFingerprints == [fingerprint.uppercased()])
    }
}
