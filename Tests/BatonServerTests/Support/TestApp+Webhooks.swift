import BatonCore
import Foundation

extension TestApp {
    /// Adds a webhook endpoint receiving `events`, so that events recorded
    /// from now on fan out a delivery job to it. Loopback is allowed, where the tests' receivers listen.
    @discardableResult
    func addWebhookEndpoint(url: String = "https://hooks.example.com/baton", events: [String] = ["*"]) throws -> (
        endpoint: WebhookEndpoint, secret: WebhookSecret
    ) {
        try withConnection {
            try app.webhookEndpoints.create(NewWebhookEndpoint(url: url, enabledEvents: events, destinations: .allowingLoopback), on: $0)
        }
    }
}
