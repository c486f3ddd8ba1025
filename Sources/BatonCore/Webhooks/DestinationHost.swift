import Foundation

/// The host part of a destination (a webhook URL's host, later a NATS or
/// Redis server's), read the way libcurl and the system resolver read it, so
/// that ``DestinationPolicy`` judges the address a connection would reach and
/// not only the spelling it was given.
///
/// An IPv4 literal is read as `inet_aton` reads it (and libcurl's URL parser,
/// which normalises the same forms): one to four parts separated by dots,
/// each decimal, `0x` hex or `0`-leading octal, the last part filling the
/// bytes that remain (`127.1`, `0x7f.1`, `017700000001`, `2130706433` are
/// all 127.0.0.1). An IPv6 literal is bracketed (or bare, as some URL
/// parsers hand it back) and read by `inet_pton`, embedded IPv4 included
/// (`[::ffff:10.0.0.1]`). A name loses one trailing dot and its case;
/// non-ASCII names are first mapped as IDNA maps them (compatibility
/// normalisation, the ideographic full stops as dots), so full-width digits
/// read as the address they spell. `localhost` and every `*.localhost`
/// name are ``localhost`` (RFC 6761: they always resolve to loopback).
public enum DestinationHost: Sendable, Hashable {
    /// An address literal: its 4 (IPv4) or 16 (IPv6) bytes, network order.
    case address([UInt8])
    /// `localhost` or a name under it.
    case localhost
    /// A name for the resolver, lower case, without a trailing dot; only
    /// the address it resolves to at connect time can be judged.
    case name(String)

    /// The host `text` names; nil when it is empty, a malformed bracketed
    /// literal, or holds a `%` (a zone id or percent-encoding, which the
    /// URL parsers read differently).
    public init?(_ text: String) {
        guard !text.isEmpty, !text.contains("%") else { return nil }
        if text.hasPrefix("[") || text.contains(":") {
            let inner = text.hasPrefix("[") && text.hasSuffix("]") ? String(text.dropFirst().dropLast()) : text
            guard let bytes = Self.ipv6(inner) else { return nil }
            self = .address(bytes)
            return
        }
        var name = Self.idnaMapped(text).lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        guard !name.isEmpty else { return nil }
        if let bytes = Self.ipv4(name) {
            self = .address(bytes)
        } else if name == "localhost" || name.hasSuffix(".localhost") {
            self = .localhost
        } else {
            self = .name(name)
        }
    }

    /// `text` as `inet_aton` reads it, without its tolerance of trailing
    /// whitespace (a URL host holds none): nil when it is not an IPv4 literal.
    public static func ipv4(_ text: String) -> [UInt8]? {
        let parts = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard (1...4).contains(parts.count) else { return nil }
        var values: [UInt64] = []
        for part in parts {
            guard let value = number(part) else { return nil }
            values.append(value)
        }
        let last = values.removeLast()
        guard values.allSatisfy({ $0 <= 0xFF }), last < UInt64(1) << (8 * (4 - values.count)) else { return nil }
        let word = values.enumerated().reduce(last) { word, part in word | part.element << (8 * (3 - part.offset)) }
        return (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * (3 - $0))) }
    }

    /// One part as C reads an integer literal (`strtoul` with base 0):
    /// `0x` hex, a leading `0` octal, else decimal; at most 32 bits. A part
    /// must start with a digit, and `0x` needs at least one hex digit.
    private static func number(_ part: Substring.UTF8View) -> UInt64? {
        guard let first = part.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return nil }
        var digits = Substring(part)
        var radix = 10
        if first == UInt8(ascii: "0"), digits.count > 1 {
            digits = digits.dropFirst()
            radix = 8
            if digits.first == "x" || digits.first == "X" {
                digits = digits.dropFirst()
                radix = 16
            }
        }
        // UInt64(_:radix:) also reads a sign, which C's parts never have.
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isHexDigit }), let value = UInt64(digits, radix: radix),
            value <= 0xFFFF_FFFF
        else { return nil }
        return value
    }

    /// `text` as `inet_pton(AF_INET6)` reads it.
    public static func ipv6(_ text: String) -> [UInt8]? {
        var address = in6_addr()
        guard inet_pton(AF_INET6, text, &address) == 1 else { return nil }
        return withUnsafeBytes(of: address) { Array($0) }
    }

    /// A non-ASCII name as IDNA's mapping step sees it, so `１２７．０．０．１`
    /// reads as the address libcurl (through libidn2) would reach.
    private static func idnaMapped(_ text: String) -> String {
        guard !text.allSatisfy(\.isASCII) else { return text }
        let dots: Set<Character> = ["\u{3002}", "\u{FF0E}", "\u{FF61}"]
        return String(text.precomposedStringWithCompatibilityMapping.map { dots.contains($0) ? "." : $0 })
    }
}
