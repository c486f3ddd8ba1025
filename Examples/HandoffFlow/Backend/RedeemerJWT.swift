import Foundation

/// The bearer token the full app redeems with: an HS256 JWT whose `sub` is
/// the signed-in person, minted by the product **backend** with the secret it
/// shares with Baton (`BATON_REDEEMER_JWT_SECRET`). The app never holds that
/// secret; it asks its backend for a token after sign-in. This example plays
/// the backend too, so it mints one itself.
struct RedeemerJWT: Sendable {
    /// The shared secret: at least 32 bytes, given as hex or base64 like Baton's setting.
    let secret: [UInt8]

    /// Reads `text` as hex, else as base64.
    /// - Throws: `redeemer_secret_invalid` when it is neither or shorter than 32 bytes.
    init(secretText text: String) throws(FlowError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let bytes = Self.hexBytes(trimmed) ?? Data(base64Encoded: trimmed).map(Array.init), bytes.count >= 32 else {
            throw .redeemerSecretInvalid
        }
        secret = bytes
    }

    /// A token for `subject`, valid for `lifetime` seconds from `now`.
    func mint(subject: String, now: Date = Date(), lifetime: Int64 = 300) -> String {
        let expiresAt = Int64(now.timeIntervalSince1970) + lifetime
        let claims = (try? JSONSerialization.data(withJSONObject: ["sub": subject, "exp": expiresAt], options: [.sortedKeys])) ?? Data()
        let signingInput = Self.base64URL(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8)) + "." + Self.base64URL(claims)
        return signingInput + "." + Self.base64URL(Data(HMACSHA256.mac(key: secret, message: Array(signingInput.utf8))))
    }

    private static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    private static func hexBytes(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard !digits.isEmpty, digits.count.isMultiple(of: 2), digits.allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }) else {
            return nil
        }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }
}
