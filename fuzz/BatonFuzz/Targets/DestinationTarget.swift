import BatonCore
import Foundation
import HTTP

// The destination-address parser (`DestinationHost`) and the policy that
// judges what it reads (`DestinationPolicy`). The input is a host as a URL
// carries it (`10.0.0.1`, `0x7f.1`, `[::ffff:10.0.0.1]`, `api.localhost.`).
//
// Properties: parsing is deterministic; plain ASCII text (no bracket,
// colon, percent sign, whitespace or trailing dot) reads as an IPv4 address
// exactly when glibc's `inet_aton` reads it, as the same bytes; a bracketed
// host reads as an address exactly when `inet_pton(AF_INET6)` reads it. For
// every address read: the policy's verdict on the host and on its bytes
// agree; its respellings (`inet_ntop`'s text, and for IPv4 the one-number
// decimal and hex forms, the dotted octal form, the IPv4-mapped and NAT64
// IPv6 forms) read back as addresses and get the same verdict; a refused
// address has a snake_case class and is allowed by a policy naming it.
extension FuzzTarget {
    static let destination = FuzzTarget(name: "destination", maxLength: 300) { bytes in
        DestinationProperties.check(String(decoding: bytes, as: UTF8.self))
    }
}

/// The destination target's checks.
enum DestinationProperties {
    static let policy = DestinationPolicy()

    static func check(_ text: String) {
        let host = DestinationHost(text)
        precondition(DestinationHost(text) == host, "not deterministic")
        let read: [UInt8]? = if case .address(let bytes) = host { bytes } else { nil }
        let excluded = Set("[]:% ".utf8)
        if !text.isEmpty, !text.hasSuffix("."), text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && !excluded.contains($0) }) {
            var address = in_addr()
            let glibc = inet_aton(text, &address) == 1 ? withUnsafeBytes(of: address) { Array($0) } : nil
            precondition(read == glibc, "the IPv4 reading differs from inet_aton's")
        }
        if text.utf8.count >= 2, text.hasPrefix("["), text.hasSuffix("]"), !text.contains("%"), !text.contains("\0") {
            var address = in6_addr()
            let glibc =
                inet_pton(AF_INET6, String(text.dropFirst().dropLast()), &address) == 1 ? withUnsafeBytes(of: address) { Array($0) } : nil
            precondition(read == glibc, "the IPv6 reading differs from inet_pton's")
        }
        if let read { checkVerdicts(read) }
    }

    /// The verdict on `bytes` holds for every spelling of the address.
    static func checkVerdicts(_ bytes: [UInt8]) {
        let verdict = policy.refusal(for: bytes)
        precondition(policy.refusal(for: .address(bytes)) == verdict, "the host and its bytes get different verdicts")
        for spelling in respellings(bytes) {
            guard case .address(let again) = DestinationHost(spelling) else { preconditionFailure("\(spelling) is no address") }
            precondition(policy.refusal(for: again) == verdict, "\(spelling) gets another verdict")
        }
        guard let verdict else { return }
        Showable.requireMachineCode(verdict.rawValue)
        let named = DestinationPolicy(allowing: [IPRange(text(bytes))!])
        precondition(named.refusal(for: bytes) == nil, "an allowed network is still refused")
    }

    /// Other spellings of the address of `bytes` that must read the same.
    static func respellings(_ bytes: [UInt8]) -> [String] {
        let canonical = text(bytes)
        guard bytes.count == 4 else { return ["[\(canonical)]", canonical] }
        let word = bytes.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return [
            canonical, String(word), "0x" + String(word, radix: 16), bytes.map { "0" + String($0, radix: 8) }.joined(separator: "."),
            "[::ffff:\(canonical)]", "[64:ff9b::\(canonical)]",
        ]
    }

    /// `inet_ntop`'s text of 4 or 16 address bytes.
    static func text(_ bytes: [UInt8]) -> String {
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        return bytes.withUnsafeBytes { raw in
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(INET6_ADDRSTRLEN)) { buffer in
                String(cString: inet_ntop(family, raw.baseAddress, buffer.baseAddress, socklen_t(buffer.count))!)
            }
        }
    }
}
