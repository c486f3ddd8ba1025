import Foundation

/// Whose failed typed-code guesses count together: an IPv4 client by its
/// address, an IPv6 client by its /64 (one subscriber usually holds a whole
/// /64, so per-address buckets would let it multiply its allowance by 2^64),
/// everything that is not an IP address in one shared bucket, and a
/// request authenticated by an API key by the key (a backend's users share
/// its address, and its key is what a leak would hand an attacker).
///
/// The text is short and made only of letters, hex digits, dots, colons,
/// `-` and `/`, so it is safe in a log line and in the rows a
/// ``GuessBudget`` flushes.
public struct GuessBucket: Sendable, Hashable, CustomStringConvertible {
    /// `v4:203.0.113.7`, `v6:2001:db8:0:1::/64`, `other` or `key:<uuid>`.
    public let text: String

    /// The bucket of a client address as the HTTP layer resolved it (an
    /// IPv4 or IPv6 address in any textual form; IPv4-mapped IPv6 counts as
    /// IPv4; anything else, such as `unknown`, lands in `other`).
    public init(clientAddress: String) {
        text = Self.bucketText(clientAddress)
    }

    /// The bucket of the API key with row id `apiKeyID`; it answers to
    /// `key_code_failures` instead of `client_code_failures`.
    public init(apiKeyID: UUID) {
        text = Self.apiKeyPrefix + apiKeyID.uuidString.lowercased()
    }

    /// Whether this is an API key's bucket.
    public var isAPIKey: Bool { text.hasPrefix(Self.apiKeyPrefix) }

    public var description: String { text }

    /// What an API key's bucket text starts with.
    static let apiKeyPrefix = "key:"

    private static func bucketText(_ address: String) -> String {
        guard address.utf8.count <= 64 else { return "other" }
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 { return "v4:" + dotted(withUnsafeBytes(of: v4) { Array($0) }) }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, address, &v6) == 1 else { return "other" }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            return "v4:" + dotted(Array(bytes[12..<16]))
        }
        let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
        return "v6:" + groups.joined(separator: ":") + "::/64"
    }

    private static func dotted(_ bytes: [UInt8]) -> String {
        bytes.map(String.init).joined(separator: ".")
    }
}
