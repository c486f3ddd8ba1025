import Foundation

/// A webhook signing secret: `whsec_` and 32 random bytes in base64. The
/// HMAC key of `Baton-Signature` is the whole text's UTF-8 bytes, as Stripe
/// uses its `whsec_` secrets. Its `description` hides it, so it can't reach
/// a log by accident.
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

    /// Never the secret.
    public var description: String { "whsec_…" }
}
