import BatonCore
import BatonTestSupport
import Foundation
import Testing

@Suite("BatonConfiguration", .timeLimit(.minutes(10)))
struct BatonConfigurationTests {
    static let secretHex = TestSecrets.secretKeyHex

    @Test("only the database URL and the secret are required; the rest has defaults")
    func defaults() throws {
        let configuration = try BatonConfiguration(environment: [
            "BATON_DATABASE_URL": "host=/tmp dbname=baton", "BATON_SECRET_KEY": Self.secretHex,
        ])
        #expect(configuration.secretKey == Sodium.bytes(fromHex: Self.secretHex))
        #expect(configuration.listen == ListenAddress("127.0.0.1:8080"))
        #expect(configuration.poolSize == 16)
        #expect(configuration.statementTimeout == .milliseconds(5000))
        #expect(configuration.logLevel == .info)
    }

    @Test("every problem is reported at once, and a secret's value is never echoed")
    func everyProblemAtOnce() {
        #expect {
            _ = try BatonConfiguration(environment: [
                "BATON_SECRET_KEY": "tooshort-secret-value", "BATON_DB_POOL_SIZE": "0", "BATON_LOG_LEVEL": "loud",
            ])
        } throws: { error in
            guard let error = error as? ConfigurationError else { return false }
            return error.problems.map(\.setting) == ["BATON_DATABASE_URL", "BATON_SECRET_KEY", "BATON_DB_POOL_SIZE", "BATON_LOG_LEVEL"]
                && !error.description.contains("tooshort-secret-value")
                && error.description.contains("'loud'")
        }
    }

    @Test(
        "a secret is accepted as hex or base64 of at least 32 bytes",
        arguments: [
            (TestSecrets.otherHex, true),
            ("AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=", true),
            (String(TestSecrets.otherHex.dropLast(2)), false),
            (String(repeating: "@@", count: 32), false),
        ])
    func secretForms(secret: String, valid: Bool) {
        let result = Result { try BatonConfiguration(environment: ["BATON_DATABASE_URL": "x", "BATON_SECRET_KEY": secret]) }
        #expect(((try? result.get()) != nil) == valid)
    }

    @Test(
        "listen addresses parse IPv4, IPv6 in brackets and names, and refuse bad ports",
        arguments: [
            ("127.0.0.1:8080", "127.0.0.1", 8080), ("[::1]:9000", "::1", 9000), ("localhost:0", "localhost", 0),
        ])
    func listenAddresses(text: String, host: String, port: Int) {
        #expect(ListenAddress(text)?.host == host)
        #expect(ListenAddress(text)?.port == port)
        #expect(ListenAddress(text)?.description == text)
    }

    @Test("malformed listen addresses are refused", arguments: ["8080", ":8080", "host:65536", "host:-1", "ho st:80", "a/b:80"])
    func badListenAddresses(text: String) {
        #expect(ListenAddress(text) == nil)
    }
}
