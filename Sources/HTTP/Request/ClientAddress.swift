import Foundation

/// Resolves who the client is: the TCP peer, unless the peer is a trusted
/// proxy, in which case `X-Forwarded-For` is read from the right (the entry
/// the nearest proxy appended) and the first address that is not itself a
/// trusted proxy wins. Entries a client could forge (left of an untrusted
/// hop) are never used; an entry that is not an IP address stops the walk.
enum ClientAddress {
    /// The client address for a request from `peer` carrying `forwardedFor`
    /// (every `X-Forwarded-For` value, in order).
    static func resolve(peer: String, forwardedFor: [String], trustedProxies: TrustedProxies) -> String {
        guard trustedProxies.contains(peer), !forwardedFor.isEmpty else { return peer }
        let hops = forwardedFor.joined(separator: ",").split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        var client = peer
        for hop in hops.reversed() {
            guard let address = canonical(hop) else { break }
            client = address
            if !trustedProxies.contains(address) { break }
        }
        return client
    }

    /// `text` in canonical textual form when it is an IPv4 or IPv6 address.
    static func canonical(_ text: String) -> String? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: v4) { format(family: AF_INET, $0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: v6) { format(family: AF_INET6, $0) } }
        return nil
    }

    /// The textual form of the address in `sockaddr`, `unknown` for other families.
    static func text(of address: UnsafePointer<sockaddr>?) -> String {
        guard let address else { return "unknown" }
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                dottedQuad(UInt32(bigEndian: $0.pointee.sin_addr.s_addr))
            }
        case AF_INET6:
            return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                withUnsafeBytes(of: $0.pointee.sin6_addr) { format(family: AF_INET6, $0) } ?? "unknown"
            }
        default:
            return "unknown"
        }
    }

    /// An IPv4 address as `a.b.c.d`, formatted by hand into a small string
    /// (15 bytes at most, so never on the heap): it runs for every request,
    /// and `inet_ntop` or string concatenation cost several times more.
    private static func dottedQuad(_ address: UInt32) -> String {
        String(unsafeUninitializedCapacity: 15) { buffer in
            var count = 0
            for shift in stride(from: 24, through: 0, by: -8) {
                if shift != 24 {
                    buffer[count] = UInt8(ascii: ".")
                    count += 1
                }
                let octet = UInt8(truncatingIfNeeded: address >> UInt32(shift))
                if octet >= 100 {
                    buffer[count] = UInt8(ascii: "0") + octet / 100
                    count += 1
                }
                if octet >= 10 {
                    buffer[count] = UInt8(ascii: "0") + octet / 10 % 10
                    count += 1
                }
                buffer[count] = UInt8(ascii: "0") + octet % 10
                count += 1
            }
            return count
        }
    }

    private static func format(family: Int32, _ address: UnsafeRawBufferPointer) -> String? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(INET6_ADDRSTRLEN)) { buffer in
            guard let text = inet_ntop(family, address.baseAddress, buffer.baseAddress, socklen_t(buffer.count)) else { return nil }
            return String(cString: text)
        }
    }
}
