import BatonCore
import BatonTestSupport
import Foundation
import HTTP
import Testing

@Suite("Webhook destination policy", .timeLimit(.minutes(10)))
struct DestinationPolicyTests {
    /// The URLs of the issue, and more spellings of the same addresses, with the class each must be refused as.
    static let internalURLs: [(String, DestinationPolicy.AddressClass)] = [
        ("https://169.254.169.254/", .linkLocal), ("https://10.0.0.1/", .private), ("https://192.168.1.1/", .private),
        ("https://172.16.0.1/", .private), ("https://100.64.0.1/", .sharedAddressSpace), ("https://[fd00::1]/", .uniqueLocal),
        ("https://[fe80::1]/", .linkLocal), ("https://[::ffff:10.0.0.1]/", .private), ("https://0.0.0.0/", .unspecified),
        ("https://2852039166/", .linkLocal), ("https://0xa9fea9fe/", .linkLocal), ("https://0251.0376.0251.0376/", .linkLocal),
        ("https://169.254.43518/", .linkLocal), ("https://127.1/", .loopback), ("https://0x7f.1/", .loopback),
        ("https://017700000001/", .loopback), ("https://2130706433/", .loopback), ("http://127.0.0.1:8080/", .loopback),
        ("https://127.0.0.1./", .loopback), ("https://localhost/", .loopback), ("https://api.LOCALHOST./", .loopback),
        ("https://[::1]/", .loopback), ("https://[::]/", .unspecified), ("https://[::ffff:7f00:1]/", .loopback),
        ("https://[::127.0.0.1]/", .loopback), ("https://[64:ff9b::a9fe:a9fe]/", .linkLocal),
        ("https://[2002:a00:1::]/", .private), ("https://[::ffff:0:a00:1]/", .private), ("https://0.1.2.3/", .thisNetwork),
        ("https://224.0.0.1/", .multicast), ("https://[ff02::1]/", .multicast), ("https://255.255.255.255/", .broadcast),
        ("https://240.0.0.1/", .reserved), ("https://\u{FF11}\u{FF10}\u{FF0E}\u{FF10}\u{FF0E}\u{FF10}\u{FF0E}\u{FF11}/", .private),
    ]

    @Test("a webhook URL at an internal address, in any spelling, is refused with the address class", arguments: internalURLs)
    func internalAddressesRefused(url: String, refused: DestinationPolicy.AddressClass) {
        #expect(throws: WebhookEndpointError.urlNotAllowed(refused)) { try NewWebhookEndpoint(url: url) }
        #expect(throws: WebhookEndpointError.urlNotAllowed(refused)) { try WebhookEndpointChange(url: url) }
        #expect(WebhookEndpointError.urlNotAllowed(refused).code == "webhook_url_not_allowed")
        #expect(WebhookEndpointError.urlNotAllowed(refused).message.contains(refused.rawValue))
    }

    @Test(
        "public addresses and names pass the check at creation",
        arguments: [
            "https://hooks.example.com/baton", "https://8.8.8.8/", "https://134744072/", "https://[2001:4860:4860::8888]/",
            "https://[::ffff:8.8.8.8]/", "https://[64:ff9b::808:808]/", "https://internal.corp.example/", "https://1.2.3.4.5/",
        ])
    func publicDestinationsPass(url: String) throws {
        #expect(try NewWebhookEndpoint(url: url).url.absoluteString == url)
    }

    @Test("BATON_WEBHOOK_ALLOWED_NETWORKS allows its networks in every spelling, and nothing else")
    func allowedNetworks() throws {
        let policy = DestinationPolicy(allowing: [IPRange("10.1.0.0/16")!, IPRange("fd00:1::/64")!])
        for url in ["https://10.1.2.3/", "https://[::ffff:10.1.2.3]/", "https://0x0a010203/", "https://[fd00:1::5]/"] {
            #expect(throws: Never.self, "\(url)") { try NewWebhookEndpoint(url: url, destinations: policy) }
        }
        #expect(throws: WebhookEndpointError.urlNotAllowed(.private)) {
            try NewWebhookEndpoint(url: "https://10.2.0.1/", destinations: policy)
        }
        #expect(throws: WebhookEndpointError.urlNotAllowed(.loopback)) {
            try NewWebhookEndpoint(url: "https://127.0.0.1/", destinations: policy)
        }
        #expect(policy.refusal(for: [10, 1, 0, 9]) == nil && policy.refusal(for: [10, 2, 0, 9]) == .private)
        #expect(DestinationPolicy.allowingLoopback.refusal(for: .localhost) == nil)
        #expect(throws: Never.self) { try NewWebhookEndpoint(url: "http://localhost:9/", destinations: .allowingLoopback) }
    }

    @Test(
        "the spellings libcurl and the resolver accept read as the address they reach",
        arguments: [
            ("2130706433", [127, 0, 0, 1]), ("0x7f.1", [127, 0, 0, 1]), ("017700000001", [127, 0, 0, 1]), ("127.1", [127, 0, 0, 1]),
            ("0X7F.0.0.01", [127, 0, 0, 1]), ("10.0.258", [10, 0, 1, 2]), ("0", [0, 0, 0, 0]), ("127.0.0.1.", [127, 0, 0, 1]),
        ] as [(String, [UInt8])])
    func spellings(host: String, bytes: [UInt8]) {
        #expect(DestinationHost(host) == .address(bytes))
    }

    @Test(
        "text inet_aton refuses is a name, and a malformed literal no host at all",
        arguments: ["08.0.0.1", "0x", "1.2.3.4.5", "4294967296", "256.0.0.1", "1..2", "1.2.3.4 "])
    func notAddresses(host: String) {
        if case .address = DestinationHost(host) { Issue.record("\(host) read as an address") }
    }

    @Test("a bracketed literal that is not IPv6, or a zone id, is no host")
    func malformedLiterals() {
        for host in ["[10.0.0.1]", "[fe80::1%25eth0]", "[::g]", ""] { #expect(DestinationHost(host) == nil, "\(host)") }
        #expect(throws: WebhookEndpointError.validationFailed(field: "url", reason: "must be an absolute URL with a host")) {
            try NewWebhookEndpoint(url: "https://[fe80::1%25eth0]/")
        }
    }

    @Test("BATON_WEBHOOK_URL at an internal address fails the configuration check, naming the class")
    func configuredURLRefused() {
        let environment = [
            "BATON_DATABASE_URL": "postgresql:///baton", "BATON_SECRET_KEY": TestSecrets.secretKeyHex,
            "BATON_WEBHOOK_URL": "https://169.254.169.254/", "BATON_WEBHOOK_SECRET": Sodium.hex(Sodium.randomBytes(32)),
        ]
        do {
            _ = try BatonConfiguration(environment: environment)
            Issue.record("accepted")
        } catch {
            #expect(error.problems.map(\.setting) == ["BATON_WEBHOOK_URL"])
            #expect(error.problems.first?.message.contains("link_local") == true)
        }
        let allowed = environment.merging(["BATON_WEBHOOK_ALLOWED_NETWORKS": "169.254.169.254/32"]) { $1 }
        #expect(throws: Never.self) { try BatonConfiguration(environment: allowed) }
    }

    @Test("BATON_WEBHOOK_ALLOWED_NETWORKS is read as CIDRs; an entry that is not one is a configuration error")
    func allowedNetworksSetting() throws {
        let base = ["BATON_DATABASE_URL": "postgresql:///baton", "BATON_SECRET_KEY": TestSecrets.secretKeyHex]
        #expect(try BatonConfiguration(environment: base).webhookDelivery.destinations == DestinationPolicy())
        let given = base.merging(["BATON_WEBHOOK_ALLOWED_NETWORKS": "10.1.0.0/16, fd00:1::/64"]) { $1 }
        #expect(
            try BatonConfiguration(environment: given).webhookDelivery.destinations.allowedNetworks.map(\.description) == [
                "10.1.0.0/16", "fd00:1::/64",
            ])
        for bad in ["10.1.0.0/33", "10.1.0.1/16", "example.com", "10.0.0.0/8,"] {
            do {
                _ = try BatonConfiguration(environment: base.merging(["BATON_WEBHOOK_ALLOWED_NETWORKS": bad]) { $1 })
                Issue.record("accepted \(bad)")
            } catch {
                #expect(error.problems.map(\.setting) == ["BATON_WEBHOOK_ALLOWED_NETWORKS"])
            }
        }
    }
}
