import BatonCore
import Foundation

/// The `webhook-signature` header of the Standard Webhooks specification:
/// `v1,<base64 HMAC-SHA256>` over `"<webhook-id>.<webhook-timestamp>." + body`,
/// one per key, space-separated (two while a rotation overlaps, newest
/// first). The keys are the decoded `whsec_` secrets
/// (``WebhookSecret/standardWebhooksKey(text:)``), so the specification's
/// libraries verify it with the secret's text.
public enum StandardWebhookSignature {
    /// The header value for `body` of message `id` signed at `timestamp`
    /// under each of `keys`, in their order.
    public static func header(id: String, body: Data, keys: [[UInt8]], timestamp: Int) -> String {
        keys.map { "v1," + Data(mac(id: id, body: body, key: $0, timestamp: timestamp)).base64EncodedString() }
            .joined(separator: " ")
    }

    /// Whether `header` holds a valid `v1` signature of `body` under `key`
    /// for message `id` at `timestamp`, at most `tolerance` seconds from
    /// `now`: what a receiver does, in Swift.
    public static func verify(
        header: String, id: String, timestamp: Int, body: Data, key: [UInt8], now: Int, tolerance: Int = 300
    ) -> Bool {
        guard abs(now - timestamp) <= tolerance else { return false }
        let expected = Array(Data(mac(id: id, body: body, key: key, timestamp: timestamp)).base64EncodedString().utf8)
        return header.split(separator: " ").contains { signature in
            let parts = signature.split(separator: ",", maxSplits: 1)
            return parts.count == 2 && parts[0] == "v1" && Sodium.constantTimeEqual(Array(parts[1].utf8), expected)
        }
    }

    private static func mac(id: String, body: Data, key: [UInt8], timestamp: Int) -> [UInt8] {
        Sodium.hmacSHA256(key: key, message: Array("\(id).\(timestamp).".utf8) + body)
    }
}
