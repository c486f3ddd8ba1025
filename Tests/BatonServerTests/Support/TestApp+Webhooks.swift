import BatonCore
import Foundation

extension TestApp {
    /// Adds a webhook endpoint receiving `events`, so that events recorded
    /// from now on fan out a delivery job to it, signed under `signatureScheme`.
    /// Loopback is allowed, where the tests' receivers listen.
    @discardableResult
    func addWebhookEndpoint(
        url: String = "https://hooks.example.com/baton", events: [String] = ["*"], signatureScheme: WebhookSignatureScheme = .default
    ) throws -> (endpoint: WebhookEndpoint, secret: WebhookSecret) {
        let new = try NewWebhookEndpoint(
            url: url, enabledEvents: events, signatureScheme: signatureScheme.rawValue, destinations: .allowingLoopback)
        return try withConnection { try app.webhookEndpoints.create(new, on: $0) }
    }
}
