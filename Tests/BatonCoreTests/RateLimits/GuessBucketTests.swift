import BatonCore
import Testing

@Suite("GuessBucket", .timeLimit(.minutes(10)))
struct GuessBucketTests {
    @Test(
        "IPv4 clients count by address, IPv6 clients by /64, anything else together",
        arguments: [
            ("203.0.113.7", "v4:203.0.113.7"), ("::ffff:203.0.113.7", "v4:203.0.113.7"),
            ("2001:db8:0:1::1", "v6:2001:db8:0:1::/64"), ("2001:DB8:0:1:ffff:ffff:ffff:ffff", "v6:2001:db8:0:1::/64"),
            ("2001:db8:0:2::1", "v6:2001:db8:0:2::/64"), ("unknown", "other"), ("203.0.113.7\u{202E}", "other"),
        ])
    func buckets(address: String, bucket: String) {
        #expect(GuessBucket(clientAddress: address).text == bucket)
    }
}
