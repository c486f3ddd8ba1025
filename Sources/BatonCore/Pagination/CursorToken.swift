import Foundation

/// The text form of a keyset pagination cursor: its plain fields, joined by
/// the cursor type, in unpadded base64url, so that clients treat it as an
/// opaque token. Shared by the invite list and the event feed.
enum CursorToken {
    /// `plain` as a token.
    static func encode(_ plain: String) -> String {
        Data(plain.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The plain text of `token`, or nil when it is longer than `maxLength`
    /// characters or not base64url.
    static func decode(_ token: String, maxLength: Int) -> String? {
        guard token.utf8.count <= maxLength else { return nil }
        var base64 = token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64).map { String(decoding: $0, as: UTF8.self) }
    }
}
