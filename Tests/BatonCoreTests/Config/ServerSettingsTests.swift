import BatonCore
import BatonTestSupport
import Foundation
import Testing

@Suite("Server settings", .timeLimit(.minutes(10)))
struct ServerSettingsTests {
    /// The configuration with the required settings and `settings`.
    static func configuration(_ settings: [String: String]) throws -> BatonConfiguration {
        try BatonConfiguration(
            environment: ["BATON_DATABASE_URL": "host=/tmp dbname=baton", "BATON_SECRET_KEY": TestSecrets.secretKeyHex]
                .merging(settings) { $1 })
    }

    @Test(
        "a trusted proxy that is not an IP address or CIDR range is refused",
        arguments: ["cafe", "10.0.0.01", "10.0.0.1/33", "::1/129", "10.0.0.0/", "10.0.0.0/08", "localhost", "fe80::1%eth0", "10.0.0.1/8"])
    func malformedProxyIsRefused(_ entry: String) {
        #expect {
            _ = try Self.configuration(["BATON_TRUSTED_PROXIES": "127.0.0.1, \(entry)"])
        } throws: { error in
            (error as? ConfigurationError)?.problems.map(\.setting) == ["BATON_TRUSTED_PROXIES"]
        }
    }

    @Test("trusted proxies are normalised: 0:0:0:0:0:0:0:1 matches ::1, and ::ffff:10.0.0.1 matches 10.0.0.1")
    func proxiesAreNormalised() throws {
        let proxies = try Self.configuration(["BATON_TRUSTED_PROXIES": "0:0:0:0:0:0:0:1, ::ffff:10.0.0.1"]).server.trustedProxies
        #expect(proxies.contains("::1"))
        #expect(proxies.contains("10.0.0.1"))
        #expect(!proxies.contains("10.0.0.2"))
    }

    @Test("a CIDR range trusts every address inside it and none outside")
    func rangesAreTrusted() throws {
        let proxies = try Self.configuration(["BATON_TRUSTED_PROXIES": "10.0.0.0/8, fd00::/8"]).server.trustedProxies
        #expect(proxies.contains("10.200.3.4"))
        #expect(!proxies.contains("11.0.0.1"))
        #expect(proxies.contains("fd12:3456::1"))
        #expect(!proxies.contains("fe80::1"))
    }

    @Test("the per-client connection limit, the request head deadline and the minimum body rate are settings (default 64, 10 s, 1024 B/s)")
    func connectionSettings() throws {
        let defaults = try Self.configuration([:]).server
        #expect(defaults.maxConnectionsPerClient == 64)
        #expect(defaults.requestHeadTimeoutSeconds == 10)
        #expect(defaults.minBodyBytesPerSecond == 1024)
        let set = try Self.configuration([
            "BATON_HTTP_MAX_CONNECTIONS_PER_CLIENT": "4096", "BATON_HTTP_REQUEST_HEAD_TIMEOUT_SECONDS": "5",
            "BATON_HTTP_MIN_BODY_BYTES_PER_SECOND": "100",
        ]).server
        #expect(set.maxConnectionsPerClient == 4096)
        #expect(set.requestHeadTimeoutSeconds == 5)
        #expect(set.minBodyBytesPerSecond == 100)
        #expect(throws: ConfigurationError.self) { try Self.configuration(["BATON_HTTP_MAX_CONNECTIONS_PER_CLIENT": "0"]) }
    }
}
