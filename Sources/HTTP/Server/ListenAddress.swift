import Foundation

/// A listen address as socket address bytes, for `MHD_OPTION.SOCK_ADDR`.
struct ListenAddress {
    /// `sockaddr_in` or `sockaddr_in6` bytes.
    let storage: sockaddr_storage
    /// Whether the address is IPv6 (libmicrohttpd needs `MHD_USE_IPv6` then).
    let isIPv6: Bool

    /// Parses `host` as an IPv4 or IPv6 literal.
    init(host: String, port: UInt16) throws(ServerError) {
        var storage = sockaddr_storage()
        var v4 = sockaddr_in()
        var v6 = sockaddr_in6()
        if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = port.bigEndian
            withUnsafeMutableBytes(of: &storage) { target in
                withUnsafeBytes(of: v4) { target.copyMemory(from: $0) }
            }
            isIPv6 = false
        } else if inet_pton(AF_INET6, host, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = port.bigEndian
            withUnsafeMutableBytes(of: &storage) { target in
                withUnsafeBytes(of: v6) { target.copyMemory(from: $0) }
            }
            isIPv6 = true
        } else {
            throw .invalidAddress
        }
        self.storage = storage
    }

    /// The port a listening socket is bound to, or nil.
    static func boundPort(of socket: Int32) -> UInt16? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        guard result == 0 else { return nil }
        return withUnsafeBytes(of: storage) { bytes in
            // sin_port and sin6_port sit at the same offset, right after the family.
            UInt16(bigEndian: bytes.load(fromByteOffset: MemoryLayout<sa_family_t>.size, as: UInt16.self))
        }
    }
}
