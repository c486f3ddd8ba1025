import BatonJSON

/// The text form of a keyset pagination cursor: its plain fields, joined by
/// the cursor type, in unpadded base64url (``Base64URL``, strict), so that
/// clients treat it as an opaque token. Shared by the invite list and the event feed.
enum CursorToken {
    /// `plain` as a token.
    static func encode(_ plain: String) -> String {
        Base64URL.encode(Array(plain.utf8))
    }

    /// The plain text of `token`, or nil when it is longer than `maxLength`
    /// characters or not exactly one canonical base64url spelling.
    static func decode(_ token: String, maxLength: Int) -> String? {
        guard token.utf8.count <= maxLength else { return nil }
        return Base64URL.decode(token.utf8).map { String(decoding: $0, as: UTF8.self) }
    }
}
