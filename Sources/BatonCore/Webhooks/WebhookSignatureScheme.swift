/// How an endpoint's deliveries are signed (docs/webhooks.md, "Signature
/// schemes"). Both sign with the endpoint's one `whsec_` secret.
public enum WebhookSignatureScheme: String, Sendable, Equatable, CaseIterable {
    /// `Baton-Signature: t=<unix>,v1=<hex HMAC-SHA256>`, keyed with the
    /// secret's whole text (the default).
    case baton
    /// The Standard Webhooks headers `webhook-id`, `webhook-timestamp` and
    /// `webhook-signature: v1,<base64>`, keyed with the base64-decoded part
    /// of the secret after `whsec_`, as the specification's libraries do.
    case standardWebhooks = "standard_webhooks"

    /// The scheme an endpoint gets when none is named.
    public static let `default` = WebhookSignatureScheme.baton

    /// The scheme `text` names.
    /// - Throws: `WebhookEndpointError.unknownSignatureScheme` for any other text.
    public static func parse(_ text: String) throws(WebhookEndpointError) -> WebhookSignatureScheme {
        guard let scheme = WebhookSignatureScheme(rawValue: text) else { throw .unknownSignatureScheme }
        return scheme
    }

    /// The wire names, for messages and the CLI's help: `baton, standard_webhooks`.
    public static var choices: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
