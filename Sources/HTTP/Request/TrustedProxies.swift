import Foundation

/// The proxies whose `X-Forwarded-For` is believed: IPv4 and IPv6 addresses
/// and CIDR ranges, parsed and normalised, so that `0:0:0:0:0:0:0:1` is
/// `::1` and a peer matches however either side spells it.
public struct TrustedProxies: Sendable, Equatable, CustomStringConvertible {
    /// The ranges, normalised, in the order given, without repeats.
    public let ranges: [IPRange]

    /// No proxy is trusted: the TCP peer is always the client.
    public static let none = TrustedProxies(ranges: [])

    /// The proxies `entries` name (each an address or `ADDRESS/PREFIX`);
    /// nil when any entry is not one (see ``IPRange``).
    public init?(_ entries: some Sequence<String>) {
        var ranges: [IPRange] = []
        for entry in entries {
            guard let range = IPRange(entry) else { return nil }
            if !ranges.contains(range) { ranges.append(range) }
        }
        self.init(ranges: ranges)
    }

    /// The proxies in a comma-separated list such as
    /// `10.0.0.0/8, 2001:db8::1` (blanks around items ignored, empty items
    /// skipped); nil when an item does not parse.
    public init?(list: String) {
        self.init(list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
    }

    private init(ranges: [IPRange]) {
        self.ranges = ranges
    }

    /// Whether no proxy is trusted.
    public var isEmpty: Bool { ranges.isEmpty }

    /// Whether `address` is a trusted proxy.
    public func contains(_ address: String) -> Bool {
        ranges.contains { $0.contains(address) }
    }

    /// The normalised list, comma-separated.
    public var description: String { ranges.map(\.description).joined(separator: ",") }
}
