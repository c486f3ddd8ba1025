import Foundation

/// Reads the two things the API-key and redeemer guards ask of an
/// `Authorization` header: the credential after `Bearer `, and whether it is
/// shaped like a JWT.
///
/// Every real header and credential is ASCII, and for ASCII text a
/// `Character` is one byte, so one scan of the UTF-8 bytes gives what
/// `String.split` gives: the three grapheme-aware splits of the key check
/// (here and in `APIKey(parsing:)`) cost more than the key's HMAC, each
/// allocating an array of substrings to find one separator. The scans run
/// over the string's contiguous bytes (`withUTF8`), not through
/// `String.UTF8View`'s indices, which cost several times as much per byte.
/// Any other text is read with `split` as before, so a combining mark after
/// a separator still keeps it from separating.
enum BearerCredential {
    /// The credential after the `Bearer` scheme (any case) in `header`,
    /// without leading and trailing whitespace; nil when the scheme is
    /// another or nothing follows it. Leading spaces before the scheme are
    /// skipped, and the credential is everything after the first space
    /// following it.
    static func credential(in header: String) -> String? {
        var header = header
        // nil: not ASCII; .some(nil): ASCII without a bearer credential.
        let ascii: String?? = header.withUTF8 { bytes in isASCII(bytes) ? .some(credential(inASCII: bytes)) : .none }
        if let ascii { return ascii }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return parts[1].trimmingCharacters(in: .whitespaces)
    }

    /// Whether `credential` has three dot-separated segments, as a JWT has
    /// (a key has none): the guard of `POST /v1/redemptions` tells the two apart by it.
    static func isJWTShaped(_ credential: String) -> Bool {
        var credential = credential
        let dots: Int? = credential.withUTF8 { bytes in isASCII(bytes) ? bytes.count(where: { $0 == UInt8(ascii: ".") }) : nil }
        guard let dots else { return credential.split(separator: ".", omittingEmptySubsequences: false).count == 3 }
        return dots == 2
    }

    /// ``credential(in:)`` for a header whose bytes are all ASCII.
    private static func credential(inASCII bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let schemeStart = bytes.firstIndex(where: { $0 != space }),
            let schemeEnd = bytes[schemeStart...].firstIndex(of: space),
            bytes[schemeStart..<schemeEnd].elementsEqual("bearer".utf8, by: { $0 | 0x20 == $1 })
        else { return nil }
        let rest = bytes[(schemeEnd + 1)...]
        guard !rest.isEmpty else { return nil }
        // `CharacterSet.whitespaces` holds two ASCII members, space and tab.
        guard let first = rest.firstIndex(where: { !isBlank($0) }), let last = rest.lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }

    private static let space = UInt8(ascii: " ")

    private static func isBlank(_ byte: UInt8) -> Bool { byte == space || byte == UInt8(ascii: "\t") }

    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { bytes.allSatisfy { $0 < 0x80 } }
}
