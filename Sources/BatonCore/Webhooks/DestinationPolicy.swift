import HTTP

/// Which addresses Baton may connect to when it delivers to a destination
/// someone configured (a webhook endpoint today): public unicast addresses,
/// plus the networks `BATON_WEBHOOK_ALLOWED_NETWORKS` names.
///
/// Refused unless allowed: loopback, RFC 1918 private, link-local, shared
/// address space (CGNAT, 100.64.0.0/10), unique local (fc00::/7), this
/// network (0.0.0.0/8) and unspecified, multicast, broadcast and the other
/// reserved blocks (240.0.0.0/4, documentation and benchmarking ranges,
/// site-local, 100::/64, NAT64's local-use 64:ff9b:1::/48). An IPv6 address
/// that carries an IPv4 address (IPv4-mapped `::ffff:0:0/96`,
/// IPv4-compatible `::/96`, IPv4-translated `::ffff:0:0:0/96`, NAT64
/// `64:ff9b::/96`, 6to4 `2002::/16`) is judged as that IPv4 address too, so
/// `[::ffff:10.0.0.1]` is refused like `10.0.0.1`.
///
/// It is applied twice: to the host a destination names when it is created
/// or changed (``refusal(for:)-(DestinationHost)``: literals and
/// `localhost`; a name passes, since only its resolution says where it
/// leads) and to every address a connection is about to be opened to
/// (``refusal(for:)-([UInt8])``), after the name was resolved, so a name
/// that resolves (or rebinds) to a refused address connects nowhere.
public struct DestinationPolicy: Sendable, Equatable {
    /// Networks allowed besides the public unicast addresses.
    public var allowedNetworks: [IPRange]

    /// A policy allowing `allowedNetworks` besides the public unicast addresses.
    public init(allowing allowedNetworks: [IPRange] = []) {
        self.allowedNetworks = allowedNetworks
    }

    /// Loopback, both families: what `baton dev` and the tests allow.
    public static let loopback = [IPRange("127.0.0.0/8")!, IPRange("::1")!]
    /// Public addresses and loopback: `baton dev`'s default and the tests' receivers.
    public static let allowingLoopback = DestinationPolicy(allowing: loopback)

    /// The class of a refused address, named in refusals and in the docs.
    public enum AddressClass: String, Sendable, CaseIterable {
        case loopback
        case `private` = "private"
        case linkLocal = "link_local"
        case sharedAddressSpace = "shared_address_space"
        case uniqueLocal = "unique_local"
        case thisNetwork = "this_network"
        case unspecified
        case multicast
        case broadcast
        case reserved
    }

    /// Why `host` is refused, or nil when it is allowed (a name always is:
    /// its addresses are judged at connect time).
    public func refusal(for host: DestinationHost) -> AddressClass? {
        switch host {
        case .address(let bytes): refusal(for: bytes)
        case .localhost:
            allowedNetworks.contains { $0.contains(bytes: [127, 0, 0, 1]) || $0.contains(bytes: Self.ipv6Loopback) } ? nil : .loopback
        case .name: nil
        }
    }

    /// Why a connection to the address of `bytes` (4 or 16 bytes) is
    /// refused, or nil when it is allowed. Any other length is refused as
    /// ``AddressClass/reserved``.
    public func refusal(for bytes: [UInt8]) -> AddressClass? {
        guard bytes.count == 4 || bytes.count == 16 else { return .reserved }
        let forms = [bytes] + (Self.embeddedIPv4(bytes).map { [$0] } ?? [])
        if allowedNetworks.contains(where: { network in forms.contains { network.contains(bytes: $0) } }) { return nil }
        return forms.lazy.compactMap(Self.addressClass).first
    }

    /// The class of an address that is not public unicast, or nil.
    static func addressClass(_ bytes: [UInt8]) -> AddressClass? {
        (bytes.count == 4 ? ipv4Classes : ipv6Classes).first { $0.network.contains(bytes: bytes) }?.class
    }

    /// The IPv4 address an IPv6 address carries, in the forms above.
    static func embeddedIPv4(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count == 16 else { return nil }
        let tail = Array(bytes[12...])
        let prefix = bytes[..<12]
        if prefix.prefix(10).allSatisfy({ $0 == 0 }), (prefix[10] == 0 && prefix[11] == 0) || (prefix[10] == 0xFF && prefix[11] == 0xFF) {
            return tail
        }
        if prefix.prefix(8).allSatisfy({ $0 == 0 }), bytes[8] == 0xFF, bytes[9] == 0xFF, bytes[10] == 0, bytes[11] == 0 { return tail }
        if Array(prefix) == [0, 0x64, 0xFF, 0x9B] + [UInt8](repeating: 0, count: 8) { return tail }
        if bytes[0] == 0x20, bytes[1] == 0x02 { return Array(bytes[2..<6]) }
        return nil
    }

    private static let ipv6Loopback = [UInt8](repeating: 0, count: 15) + [1]

    private static let ipv4Classes = table([
        ("0.0.0.0", .unspecified), ("0.0.0.0/8", .thisNetwork), ("127.0.0.0/8", .loopback), ("10.0.0.0/8", .private),
        ("172.16.0.0/12", .private), ("192.168.0.0/16", .private), ("169.254.0.0/16", .linkLocal),
        ("100.64.0.0/10", .sharedAddressSpace), ("224.0.0.0/4", .multicast), ("255.255.255.255", .broadcast),
        ("240.0.0.0/4", .reserved), ("192.0.0.0/24", .reserved), ("192.0.2.0/24", .reserved), ("198.18.0.0/15", .reserved),
        ("198.51.100.0/24", .reserved), ("203.0.113.0/24", .reserved),
    ])

    private static let ipv6Classes = table([
        ("::", .unspecified), ("::1", .loopback), ("fe80::/10", .linkLocal), ("fc00::/7", .uniqueLocal), ("ff00::/8", .multicast),
        ("fec0::/10", .reserved), ("100::/64", .reserved), ("2001:db8::/32", .reserved), ("64:ff9b:1::/48", .reserved),
    ])

    private static func table(_ entries: [(String, AddressClass)]) -> [(network: IPRange, class: AddressClass)] {
        entries.map { (IPRange($0.0)!, $0.1) }
    }
}
