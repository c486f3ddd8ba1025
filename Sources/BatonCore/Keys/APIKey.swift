import SafeText

/// An API key as handed to a backend once: `bk_<public id>_<secret>`.
///
/// The public id (12 hex digits) finds the key's row; the whole key is then
/// compared as a keyed hash in constant time. 160 random bits of secret make
/// guessing hopeless, so no rate limit is needed on keys themselves.
public struct APIKey: Sendable, Equatable, CustomStringConvertible {
    /// The non-secret part that names the key in lists and logs.
    public let publicID: String
    /// The full key text. Shown once; never logged.
    public let text: String

    /// A new random key.
    public static func generate() -> APIKey {
        let publicID = Sodium.hex(Sodium.randomBytes(6))
        return APIKey(publicID: publicID, text: "bk_\(publicID)_\(Sodium.hex(Sodium.randomBytes(20)))")
    }

    /// Parses presented key text.
    /// - Throws: `APIKeyError.malformed` when it is not of the `bk_…` form.
    public init(parsing text: String) throws(APIKeyError) {
        var text = text
        // One look at the bytes: `split` on `_` (grapheme-aware, an array of
        // substrings) cost twice the key's HMAC on every API-key request.
        guard let publicID = text.withUTF8(Self.publicID(inWellFormed:)) else { throw .malformed }
        self.init(publicID: publicID, text: text)
    }

    /// The public id of `bytes` when they are `bk_`, 12 and then 40
    /// lower-case hex digits with `_` between; nil for anything else.
    private static func publicID(inWellFormed bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.count == 56, bytes.starts(with: "bk_".utf8), bytes[15] == UInt8(ascii: "_"),
            bytes[3..<15].allSatisfy(isHexDigit), bytes[16...].allSatisfy(isHexDigit)
        else { return nil }
        return String(decoding: bytes[3..<15], as: UTF8.self)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }

    private init(publicID: String, text: String) {
        self.publicID = publicID
        self.text = text
    }

    /// Only the public id: a key's text must never reach a log by accident.
    public var description: String { "APIKey(\(publicID))" }
}
