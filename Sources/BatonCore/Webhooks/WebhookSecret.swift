import Foundation

/// A webhook signing secret: `whsec_` and 32 random bytes in base64. The
/// HMAC key of `Baton-Signature` is the whole text's UTF-8 bytes, as Stripe
/// uses its `whsec_` secrets; the key of the Standard Webhooks scheme is the
/// 32 bytes the base64 after `whsec_` decodes to, as that specification's
/// libraries read the same text (``standardWebhooksKey(text:)``). So one
/// secret, shown once, verifies under either scheme. Its `description`
/// hides it, so it can't reach a log by accident.
public struct WebhookSecret: Sendable, Equatable, CustomStringConvertible {
    /// The secret as shown once to the operator.
    public let text: String

    /// A fresh random secret.
    public static func generate() -> WebhookSecret {
        WebhookSecret(text: "whsec_" + Data(Sodium.randomBytes(32)).base64EncodedString())
    }

    /// A secret given as text (`BATON_WEBHOOK_SECRET`).
    public init(text: String) {
        self.text = text
    }

    /// The HMAC key: the text's UTF-8 bytes.
    public var key: [UInt8] { Array(text.utf8) }

    /// The Standard Webhooks HMAC key of the secret whose text's UTF-8 bytes
    /// are `text` (what is sealed): the standard base64 after `whsec_`,
    /// decoded; nil when the text is not of that form (a
    /// `BATON_WEBHOOK_SECRET` chosen by hand may not be).
    public static func standardWebhooksKey(text: [UInt8]) -> [UInt8]? {
        let prefix = Array("whsec_".utf8)
        guard text.starts(with: prefix), let key = Data(base64Encoded: Data(text.dropFirst(prefix.count))), !key.isEmpty else {
            return nil
        }
        return Array(key)
    }

    /// Never the secret.
    public var description: String { "whsec_…" }
}
