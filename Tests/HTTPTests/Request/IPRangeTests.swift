import HTTP
import Testing

@Suite("IP ranges", .timeLimit(.minutes(10)))
struct IPRangeTests {
    @Test(
        "a range is written back in its canonical form",
        arguments: [
            ("10.0.0.0/8", "10.0.0.0/8"), ("0:0:0:0:0:0:0:1", "::1"), ("::ffff:10.0.0.1", "10.0.0.1"), ("2001:DB8::/32", "2001:db8::/32"),
            ("192.0.2.7/32", "192.0.2.7"), ("0.0.0.0/0", "0.0.0.0/0"),
        ])
    func canonicalForm(_ text: String, _ canonical: String) throws {
        #expect(try #require(IPRange(text)).description == canonical)
    }

    @Test(
        "text that is not an address or range is refused",
        arguments: [
            "", "cafe", "10.0.0.01", "10.0.0", "10.0.0.1/8", "10.0.0.0/33", "10.0.0.0/-1", "10.0.0.0/ 8", "::1/0129", "[::1]", "fe80::1%lo",
        ])
    func refused(_ text: String) {
        #expect(IPRange(text) == nil)
    }

    @Test("a range holds the addresses under its prefix, in either spelling, and nothing else")
    func containment() throws {
        let v4 = try #require(IPRange("192.168.0.0/23"))
        #expect(v4.contains("192.168.1.255"))
        #expect(v4.contains("::ffff:192.168.0.1"))
        #expect(!v4.contains("192.168.2.0"))
        #expect(!v4.contains("not an address"))
        let v6 = try #require(IPRange("fd00::/8"))
        #expect(v6.contains("fd00:0:0:0:0:0:0:1"))
        #expect(!v6.contains("fe00::1"))
        #expect(!v6.contains("10.0.0.1"))
    }
}
