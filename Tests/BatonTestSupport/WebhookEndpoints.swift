import BatonCore
import Foundation
import Postgres

extension MigratedDatabase {
    /// Adds a webhook endpoint (secret sealed under ``TestSecrets/secretKey``),
    /// so that events recorded from now on fan out a delivery job to it.
    /// Loopback is allowed, since the tests' receivers listen there; it signs
    /// under `signatureScheme`.
    /// - Returns: the endpoint and its secret.
    @discardableResult
    public func addWebhookEndpoint(
        url: String = "https://hooks.example.com/baton", events: [String] = ["*"], disabled: Bool = false,
        signatureScheme: WebhookSignatureScheme = .default
    ) throws -> (endpoint: WebhookEndpoint, secret: WebhookSecret) {
        let new = try NewWebhookEndpoint(
            url: url, enabledEvents: events, disabled: disabled, signatureScheme: signatureScheme.rawValue,
            destinations: .allowingLoopback)
        return try WebhookEndpointStore(secret: TestSecrets.secretKey).create(new, on: connection)
    }

    /// Writes the endpoint managed by configuration, as `baton worker` does
    /// at start with `BATON_WEBHOOK_URL` and `BATON_WEBHOOK_SECRET`.
    public func configureWebhookEndpoint(url: URL, secret: [UInt8]) throws {
        try WebhookEndpointStore(secret: TestSecrets.secretKey).configure(WebhookSettings(url: url, secret: secret), on: connection)
    }
}
