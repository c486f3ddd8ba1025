import Foundation

/// An IPv4 or IPv6 address range: an address and a prefix length, as in
/// `10.0.0.0/8`, `2001:db8::/32`, or one address (`::1`, a /128).
///
/// Parsed with `inet_pton`, so only the forms it accepts pass: no leading
/// zeros in IPv4 octets, no names, no zone ids. An IPv4-mapped IPv6 address
/// (`::ffff:10.0.0.1`, how a dual-stack socket reports an IPv4 peer) is the
/// IPv4 address, so either spelling matches the same peers.
public struct IPRange: Sendable, Hashable, CustomStringConvertible {
    /// `AF_INET` or `AF_INET6`.
    let family: Int32
    /// The network's bytes: 4 for IPv4, 16 for IPv6.
    let bytes: [UInt8]
    /// Leading bits that must match.
    let prefixLength: Int

    /// The range `text` names: `ADDRESS` or `ADDRESS/PREFIX`; nil when it is
    /// neither, or when the address has bits set past its prefix (`10.0.0.1/8`
    /// is refused rather than read as all of `10.0.0.0/8`).
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = Self.address(String(parts[0])) else { return nil }
        let fullLength = address.bytes.count * 8
        var prefixLength = fullLength
        if parts.count == 2 {
            let digits = parts[1]
            guard (1...3).contains(digits.count), digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
                digits.count == 1 || digits.first != "0", let parsed = Int(digits), parsed <= fullLength
            else { return nil }
            prefixLength = parsed
        }
        guard Self.masked(address.bytes, prefixLength: prefixLength) == address.bytes else { return nil }
        family = address.family
        bytes = address.bytes
        self.prefixLength = prefixLength
    }

    /// Whether `address` (an IPv4 or IPv6 address in any form `inet_pton`
    /// reads) is in the range; false for text that is not an address.
    public func contains(_ address: String) -> Bool {
        guard let parsed = Self.address(address), parsed.family == family else { return false }
        return Self.masked(parsed.bytes, prefixLength: prefixLength) == bytes
    }

    /// Whether the address of `bytes` (4 for IPv4, 16 for IPv6, an
    /// IPv4-mapped IPv6 address read as IPv4) is in the range; false for
    /// any other length.
    public func contains(bytes: [UInt8]) -> Bool {
        guard let parsed = Self.address(bytes: bytes), parsed.family == family else { return false }
        return Self.masked(parsed.bytes, prefixLength: prefixLength) == self.bytes
    }

    /// The canonical text: `inet_ntop`'s form, with `/PREFIX` unless the range
    /// is one address.
    public var description: String {
        let text = bytes.withUnsafeBytes { raw in
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(INET6_ADDRSTRLEN)) { buffer in
                inet_ntop(family, raw.baseAddress, buffer.baseAddress, socklen_t(buffer.count)).map { String(cString: $0) } ?? "?"
            }
        }
        return prefixLength == bytes.count * 8 ? text : "\(text)/\(prefixLength)"
    }

    /// The family and bytes of an address, IPv4-mapped IPv6 read as IPv4.
    private static func address(_ text: String) -> (family: Int32, bytes: [UInt8])? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return (AF_INET, withUnsafeBytes(of: v4) { Array($0) }) }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        return address(bytes: withUnsafeBytes(of: v6) { Array($0) })
    }

    /// The family of 4 or 16 address bytes, IPv4-mapped IPv6 read as IPv4.
    private static func address(bytes: [UInt8]) -> (family: Int32, bytes: [UInt8])? {
        switch bytes.count {
        case 4: return (AF_INET, bytes)
        case 16:
            if bytes[..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF { return (AF_INET, Array(bytes[12...])) }
            return (AF_INET6, bytes)
        default: return nil
        }
    }

    /// `bytes` with every bit past `prefixLength` cleared.
    private static func masked(_ bytes: [UInt8], prefixLength: Int) -> [UInt8] {
        bytes.enumerated().map { index, byte in
            let kept = min(8, max(0, prefixLength - index * 8))
            return kept == 8 ? byte : byte & ~(0xFF >> UInt8(kept))
        }
    }
}
