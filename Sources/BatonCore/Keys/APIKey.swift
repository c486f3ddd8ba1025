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
        let parts = text.split(separator: "_", omittingEmptySubsequences: false)
        guard text.utf8.count == 56, parts.count == 3, parts[0] == "bk",
            parts[1].utf8.count == 12, parts[2].utf8.count == 40,
            (parts[1] + parts[2]).utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
        else { throw .malformed }
        self.init(publicID: String(parts[1]), text: text)
    }

    private init(publicID: String, text: String) {
        self.publicID = publicID
        self.text = text
    }

    /// Only the public id: a key's text must never reach a log by accident.
    public var description: String { "APIKey(\(publicID))" }
}
