import BatonCore
import Foundation
import Postgres

/// The `webhook.deliver` job: POSTs one event to the configured endpoint.
///
/// Body: the event's `{"id", "type", "created_at", "data"}` (keys sorted),
/// built from the event row named by the job's `{"event_id": "<uuid>"}`
/// (see ``WebhookEvents``); jobs enqueued before migration 0007 carry the
/// body itself as `{"event": {...}}` and send it as it is. Headers:
/// `Content-Type: application/json`,
/// `Baton-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>." + body)>`,
/// `Idempotency-Key: <event id>` (the same on every retry, so receivers
/// dedupe), `Baton-Event-Type`. A 2xx answer completes the job; anything
/// else, or no answer within the timeout, retries on the webhook backoff;
/// after the last attempt the job is discarded (`baton jobs retry --discarded`
/// sends them again). A job whose event no longer exists is discarded with
/// that reason. A worker without an endpoint has no such handler and
/// claims no webhook job (``Worker/standardHandlers(webhook:conninfo:metrics:)``).
public struct WebhookDelivery: JobHandler {
    /// Where to deliver.
    public let settings: WebhookSettings
    /// Where the events are read.
    public let events: WebhookEvents
    /// Counts attempts by result in `baton_webhook_deliveries_total`; nil counts nothing.
    public let metrics: BatonMetrics?
    /// The one HTTP client every delivery of this handler (and its copies) goes through.
    let transport: WebhookTransport

    /// A handler delivering to `settings` the events read by `events`,
    /// sending through `transport`.
    init(settings: WebhookSettings, events: WebhookEvents, transport: WebhookTransport, metrics: BatonMetrics? = nil) {
        self.settings = settings
        self.events = events
        self.transport = transport
        self.metrics = metrics
    }

    public func perform(_ job: ClaimedJob, deadline: ContinuousClock.Instant) throws {
        let (result, failure) = deliver(job, deadline: deadline)
        metrics?.webhookDeliveries.labels(result).increment()
        if let failure { throw failure }
    }

    /// One attempt: the `result` label it counts under, and the failure to report, if any.
    private func deliver(_ job: ClaimedJob, deadline: ContinuousClock.Instant) -> (result: String, failure: JobHandlerError?) {
        let eventID: String
        let type: String
        let body: Data
        do throws(JobHandlerError) {
            (eventID, type, body) = try event(of: job)
        } catch {
            return (error.isPermanent ? "malformed" : "event_unreadable", error)
        }
        let now = Int(Date().timeIntervalSince1970)
        let request = WebhookRequest(
            url: settings.url,
            headers: [
                ("Content-Type", "application/json"),
                ("User-Agent", "baton-webhooks/1"),
                ("Idempotency-Key", eventID),
                ("Baton-Event-Type", type),
                ("Baton-Signature", WebhookSignature.header(body: body, secrets: [settings.secret], timestamp: now)),
            ],
            body: body, timeout: min(settings.timeout, deadline - .now))
        let retryAfter = settings.backoff.delay(afterAttempt: job.attempt)
        switch transport.post(request).outcome {
        case .status(let status) where (200..<300).contains(status):
            return ("delivered", nil)
        case .status(let status):
            return ("http_error", .retry("endpoint answered HTTP \(status)", after: retryAfter))
        case .failed(let reason):
            return ("transport_error", .retry("delivery failed: \(reason)", after: retryAfter))
        }
    }

    /// The event id, type and body bytes of the job's event: read by its
    /// `event_id`, or the `event` body an older job carries.
    func event(of job: ClaimedJob) throws(JobHandlerError) -> (id: String, type: String, body: Data) {
        guard let args = try? JSONSerialization.jsonObject(with: job.args.data) as? [String: Any] else {
            throw .permanent("malformed webhook job arguments")
        }
        if let carried = args["event"] {
            return try Self.event(carried)
        }
        guard let text = args["event_id"] as? String, let id = UUID(uuidString: text) else {
            throw .permanent("malformed webhook job arguments")
        }
        let body: PostgresJSON?
        do {
            body = try events.body(of: id)
        } catch {
            throw .retry("cannot read the event: \(error)")
        }
        guard let body, let event = try? JSONSerialization.jsonObject(with: body.data) else {
            throw .permanent("event \(id.uuidString.lowercased()) no longer exists")
        }
        return try Self.event(event)
    }

    /// The id, type and canonical bytes (sorted keys) of a decoded event body.
    static func event(_ event: Any) throws(JobHandlerError) -> (id: String, type: String, body: Data) {
        guard let event = event as? [String: Any],
            let id = event["id"] as? String, let type = event["type"] as? String,
            let body = try? JSONSerialization.data(withJSONObject: event, options: [.sortedKeys, .withoutEscapingSlashes])
        else { throw .permanent("malformed webhook job arguments") }
        return (id, type, body)
    }
}
