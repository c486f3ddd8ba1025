import Foundation
import HTTP

/// The password of an `Authorization: Basic` header (RFC 7617): the text
/// after the first colon of the base64-decoded `user:password`. The `/admin`
/// page takes an API key as the password and ignores the user name, so a
/// browser's own login prompt is all an operator needs.
enum BasicCredentials {
    /// The longest header read; longer ones are refused unread.
    static let headerLimit = 4096

    /// The password `request` presents, or nil when there is no well-formed
    /// Basic header (absent, another scheme, bad base64, not UTF-8, no colon).
    static func password(_ request: Request) -> String? {
        guard let header = request.headers["Authorization"], header.utf8.count <= headerLimit else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "basic",
            let decoded = Data(base64Encoded: String(parts[1]).trimmingCharacters(in: .whitespaces)),
            let pair = String(data: decoded, encoding: .utf8),
            let colon = pair.firstIndex(of: ":")
        else { return nil }
        let password = pair[pair.index(after: colon)...]
        return password.isEmpty ? nil : String(password)
    }
}
