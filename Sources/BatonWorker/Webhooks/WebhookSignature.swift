import BatonCore
import Foundation

/// The `Baton-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256>`,
/// where the MAC covers `"<t>." + body` under the webhook secret. Binding the
/// time into the MAC lets receivers refuse replays older than a few minutes.
/// While a secret is being rotated the header carries one `v1` per secret,
/// newest first, and a receiver accepts the body when any of them matches.
/// ``headers(scheme:eventID:body:secrets:timestamp:)`` signs under an
/// endpoint's scheme, this one or ``StandardWebhookSignature``.
public enum WebhookSignature {
    /// The signature headers of a delivery of event `eventID` signed at
    /// `timestamp` under `scheme` with each of `secrets` (the secrets' text
    /// bytes, as sealed), newest first; nil when a secret has no
    /// Standard Webhooks key (not `whsec_` and base64).
    public static func headers(
        scheme: WebhookSignatureScheme, eventID: String, body: Data, secrets: [[UInt8]], timestamp: Int
    ) -> [(String, String)]? {
        switch scheme {
        case .baton:
            return [("Baton-Signature", header(body: body, secrets: secrets, timestamp: timestamp))]
        case .standardWebhooks:
            let keys = secrets.compactMap(WebhookSecret.standardWebhooksKey(text:))
            guard keys.count == secrets.count else { return nil }
            return [
                ("webhook-id", eventID), ("webhook-timestamp", String(timestamp)),
                ("webhook-signature", StandardWebhookSignature.header(id: eventID, body: body, keys: keys, timestamp: timestamp)),
            ]
        }
    }

    /// The header value for `body` signed at `timestamp` under each of
    /// `secrets`, in their order.
    public static func header(body: Data, secrets: [[UInt8]], timestamp: Int) -> String {
        let signatures = secrets.map { ",v1=\(Sodium.hex(mac(body: body, secret: $0, timestamp: timestamp)))" }
        return "t=\(timestamp)" + signatures.joined()
    }

    /// Whether `header` is a valid signature of `body` at most `tolerance`
    /// seconds from `now`: what a receiver does, in Swift.
    public static func verify(header: String, body: Data, secret: [UInt8], now: Int, tolerance: Int = 300) -> Bool {
        var timestamp: Int?
        var signatures: [String] = []
        for part in header.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { continue }
            if pair[0] == "t" { timestamp = Int(pair[1]) }
            if pair[0] == "v1" { signatures.append(pair[1]) }
        }
        guard let timestamp, abs(now - timestamp) <= tolerance else { return false }
        let expected = Sodium.hex(mac(body: body, secret: secret, timestamp: timestamp))
        return signatures.contains { Sodium.constantTimeEqual(Array($0.utf8), Array(expected.utf8)) }
    }

    private static func mac(body: Data, secret: [UInt8], timestamp: Int) -> [UInt8] {
        Sodium.hmacSHA256(key: secret, message: Array("\(timestamp).".utf8) + body)
    }
}
