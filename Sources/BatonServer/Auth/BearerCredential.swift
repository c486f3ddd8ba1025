import Foundation

/// Reads the two things the API-key and redeemer guards ask of an
/// `Authorization` header: the credential after `Bearer `, and whether it is
/// shaped like a JWT.
///
/// Every real header and credential is ASCII, and for ASCII text a
/// `Character` is one byte, so one scan of the UTF-8 bytes gives what
/// `String.split` gives: the three grapheme-aware splits of the key check
/// (here and in `APIKey(parsing:)`) cost more than the key's HMAC, each
/// allocating an array of substrings to find one separator. Any other text
/// is read with `split` as before, so a combining mark after a separator
/// still keeps it from separating.
enum BearerCredential {
    /// The credential after the `Bearer` scheme (any case) in `header`,
    /// without leading and trailing whitespace; nil when the scheme is
    /// another or nothing follows it. Leading spaces before the scheme are
    /// skipped, and the credential is everything after the first space
    /// following it.
    static func credential(in header: String) -> String? {
        guard isASCII(header) else {
            let parts = header.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
            return parts[1].trimmingCharacters(in: .whitespaces)
        }
        let bytes = header.utf8
        guard let schemeStart = bytes.firstIndex(where: { $0 != space }),
            let schemeEnd = bytes[schemeStart...].firstIndex(of: space),
            bytes[schemeStart..<schemeEnd].elementsEqual("bearer".utf8, by: { $0 | 0x20 == $1 })
        else { return nil }
        let rest = bytes[bytes.index(after: schemeEnd)...]
        guard !rest.isEmpty else { return nil }
        // `CharacterSet.whitespaces` holds two ASCII members, space and tab.
        guard let first = rest.firstIndex(where: { !isBlank($0) }), let last = rest.lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return String(header[first...last])
    }

    /// Whether `credential` has three dot-separated segments, as a JWT has
    /// (a key has none): the guard of `POST /v1/redemptions` tells the two apart by it.
    static func isJWTShaped(_ credential: String) -> Bool {
        guard isASCII(credential) else { return credential.split(separator: ".", omittingEmptySubsequences: false).count == 3 }
        return credential.utf8.count(where: { $0 == UInt8(ascii: ".") }) == 2
    }

    private static let space = UInt8(ascii: " ")

    private static func isBlank(_ byte: UInt8) -> Bool { byte == space || byte == UInt8(ascii: "\t") }

    private static func isASCII(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 0x80 } }
}
