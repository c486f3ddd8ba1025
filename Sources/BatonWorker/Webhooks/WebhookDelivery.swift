import BatonCore
import Foundation
import JobQueue
import Postgres
import Telemetry

/// The `webhook.deliver` job: POSTs one event to one endpoint. A batch
/// handler: the worker hands it every delivery it claimed at once.
///
/// The job's `{"event_id", "endpoint_id"}` name both (the outbox enqueues
/// one job per matching endpoint, so each endpoint retries on its own);
/// a job without `endpoint_id`, queued before endpoints existed, goes to the
/// endpoint managed by configuration (`BATON_WEBHOOK_URL`), and one that
/// carries its body as `{"event": {...}}` sends it as it is. Body: the
/// event's `{"id", "type", "created_at", "data"}` in ``WebhookJSON``'s form
/// (compact, keys sorted), built from the event row (see ``WebhookEvents``). Headers: `Content-Type:
/// application/json`, the endpoint's signature scheme's
/// (``WebhookSignature/headers(scheme:eventID:body:secrets:timestamp:)``:
/// `Baton-Signature: t=<unix>,v1=<hex HMAC-SHA256>`, or `webhook-id`,
/// `webhook-timestamp`, `webhook-signature`), signed by every secret
/// signing (two while a rotation overlaps),
/// `Idempotency-Key: <event id>` (the same on every retry and redelivery,
/// so receivers dedupe), `Baton-Event-Type`, and `traceparent` (with the
/// caller's `tracestate`, if any) naming the attempt's client span, a child
/// of the job's execution span, so the receiver's log joins the request's trace. A 2xx answer completes the
/// job; anything else, or no answer within the timeout, retries on the
/// webhook backoff; after the last attempt the job is discarded. A job
/// whose event or endpoint no longer exists, or whose endpoint is
/// disabled, is discarded with that reason and sends nothing.
///
/// Every attempt is in the delivery log, and the endpoint's failure streak
/// is kept: an endpoint failing for `disableAfter` without one success is
/// disabled (``WorkerEvent/endpointDisabled(id:)``).
public struct WebhookDelivery: BatchJobHandler {
    /// Timeout, retries and the auto-disable window.
    public let settings: WebhookDeliverySettings
    /// Where attempts are read and logged.
    public let events: WebhookEvents
    /// Opens the endpoints' sealed secrets.
    let endpoints: WebhookEndpointStore
    /// Counts attempts by result in `baton_webhook_deliveries_total`; nil counts nothing.
    public let metrics: BatonMetrics?
    /// The one HTTP client every delivery of this handler (and its copies) goes through.
    let transport: WebhookTransport
    /// The time of signatures, rotations and failure streaks; injected by tests.
    let clock: @Sendable () -> Date
    /// Hears about endpoints this handler disabled.
    let log: @Sendable (WorkerEvent) -> Void
    /// Takes the client span of each sampled attempt; nil records none.
    let spanRecorder: (any SpanRecorder)?

    /// A handler delivering with `settings` the events read by `events`,
    /// opening secrets sealed under `secretKey`, sending through `transport`.
    init(
        settings: WebhookDeliverySettings, secretKey: [UInt8], events: WebhookEvents, transport: WebhookTransport,
        metrics: BatonMetrics? = nil, clock: @escaping @Sendable () -> Date = { Date() },
        log: @escaping @Sendable (WorkerEvent) -> Void = { _ in }, spanRecorder: (any SpanRecorder)? = nil
    ) {
        self.spanRecorder = spanRecorder
        self.settings = settings
        self.endpoints = WebhookEndpointStore(secret: secretKey)
        self.events = events
        self.transport = transport
        self.metrics = metrics
        self.clock = clock
        self.log = log
    }

    public func perform(_ job: ClaimedJob, deadline: ContinuousClock.Instant) throws {
        var failure: (any Error)?
        perform([job], deadline: deadline) { failure = $1 }
        if let failure { throw failure }
    }

    /// Delivers a claimed batch at once: one statement reads every target
    /// and logs every attempt, every request goes out together through the
    /// transport, and the outcomes are recorded (one statement per bunch
    /// of answers that came back together) and reported as they arrive, so
    /// a slow endpoint delays only its own jobs.
    public func perform(_ jobs: [ClaimedJob], deadline: ContinuousClock.Instant, finished: (ClaimedJob, (any Error)?) -> Void) {
        let now = clock()
        func report(_ job: ClaimedJob, _ result: String, _ failure: JobHandlerError?) {
            metrics?.webhookDeliveries.labels(result).increment()
            finished(job, failure)
        }
        var begun: [(job: ClaimedJob, attempt: WebhookEvents.Attempt)] = []
        for job in jobs {
            do { begun.append((job, try Self.attempt(of: job, now: now))) } catch { report(job, "malformed", error) }
        }
        var sends: [Send] = []
        var unsigned: [(job: ClaimedJob, outcome: WebhookEvents.Outcome)] = []
        for ((job, attempt), target) in zip(begun, events.begin(begun.map(\.attempt))) {
            switch prepare(job, attempt, target, now: now, deadline: deadline) {
            case .send(let send): sends.append(send)
            case .unsigned(let outcome): unsigned.append((job, outcome))
            case .refused(let result, let failure): report(job, result, failure)
            }
        }
        if !unsigned.isEmpty {
            // The outcome stands even if it can't be logged, as below.
            _ = events.finish(unsigned.map(\.outcome))
            for (job, _) in unsigned {
                let retryAfter = settings.backoff.delay(afterAttempt: job.attempt)
                report(
                    job, "undecryptable", .retry("the endpoint's signing secret does not open under BATON_SECRET_KEY", after: retryAfter))
            }
        }
        transport.post(sends.map(\.request)) { answers in
            let results = answers.map {
                Self.result(of: $0.response, retryAfter: settings.backoff.delay(afterAttempt: sends[$0.index].job.attempt))
            }
            // The outcome stands even if it can't be logged: the entry then
            // shows no outcome, like an interrupted attempt.
            let disabled = events.finish(
                zip(answers, results).map { answer, result in
                    outcome(sends[answer.index].target, answer.response, succeeded: result.failure == nil, now: now)
                })
            for (index, (answer, result)) in zip(answers, results).enumerated() {
                let send = sends[answer.index]
                recordSpan(send, answer.response)
                if (try? disabled[index].get()) == true {
                    metrics?.webhookEndpointsDisabled.increment()
                    log(.endpointDisabled(id: send.target.endpointID))
                }
                report(send.job, result.result, result.failure)
            }
        }
    }

    /// A job ready to post: its target (logged), its signed request and the
    /// attempt's client span, begun.
    private struct Send {
        let job: ClaimedJob
        let target: WebhookEvents.Target
        let request: WebhookRequest
        let span: Span
    }

    /// Records `send`'s client span with the answer, as the HTTP client
    /// conventions name it: the method, the endpoint's host and port (never
    /// its path or query, which may hold a receiver's token), the status,
    /// and the attempt number; failed for no answer or a non-2xx one.
    private func recordSpan(_ send: Send, _ response: WebhookResponse) {
        guard let spanRecorder, send.span.context.isSampled else { return }
        var span = send.span
        span.attributes += [.int("http.request.resend_count", send.job.attempt - 1), .int("baton.webhook.attempt", send.job.attempt)]
        switch response.outcome {
        case .status(let status):
            span.attributes.append(.int("http.response.status_code", status))
            span.end(failed: !(200..<300).contains(status))
        case .failed(let reason):
            span.attributes.append(.string("error.type", reason))
            span.end(failed: true)
        }
        spanRecorder.record(span)
    }

    /// What becomes of one begun attempt before anything is posted.
    private enum Preparation {
        /// Post it.
        case send(Send)
        /// Its secret did not open: record this outcome, post nothing.
        case unsigned(WebhookEvents.Outcome)
        /// Nothing to post and nothing logged: the `result` label and the failure.
        case refused(String, JobHandlerError)
    }

    /// The request of `job`'s attempt, signed, once `begin` gave its target.
    private func prepare(
        _ job: ClaimedJob, _ attempt: WebhookEvents.Attempt, _ begun: Result<WebhookEvents.Target, any Error>, now: Date,
        deadline: ContinuousClock.Instant
    ) -> Preparation {
        let target: WebhookEvents.Target
        do {
            target = try begun.get()
        } catch let refusal as WebhookEvents.Refusal {
            let (result, failure) = Self.refused(refusal, eventID: attempt.eventID)
            return .refused(result, failure)
        } catch {
            return .refused("event_unreadable", .retry("cannot read the event: \(error)"))
        }
        guard let (eventID, type) = try? Self.identity(of: target.body) else {
            return .refused("malformed", .permanent("malformed webhook job arguments"))
        }
        let secrets = target.sealedSecrets.compactMap { endpoints.openSecret($0, for: target.endpointID) }
        let body = Data(target.body.bytes)
        guard secrets.count == target.sealedSecrets.count,
            let signature = WebhookSignature.headers(
                scheme: target.scheme, eventID: eventID, body: body, secrets: secrets, timestamp: Int(now.timeIntervalSince1970))
        else {
            let response = WebhookResponse(outcome: .failed("signing_secret_unreadable"), duration: .zero)
            return .unsigned(outcome(target, response, succeeded: false, now: now))
        }
        let client = Span(
            name: "POST", kind: .client, context: job.span.child(), parent: job.span.spanID,
            attributes: [
                .string("http.request.method", "POST"), .string("server.address", target.url.host ?? ""),
                .int("server.port", target.url.port ?? (target.url.scheme == "http" ? 80 : 443)),
            ])
        let request = WebhookRequest(
            url: target.url,
            headers: [
                ("Content-Type", "application/json"),
                ("User-Agent", "baton-webhooks/1"),
                ("Idempotency-Key", eventID),
                ("Baton-Event-Type", type),
                ("traceparent", client.context.traceparent),
            ] + (client.context.traceState.header.map { [("tracestate", $0)] } ?? []) + signature,
            body: body, timeout: min(settings.timeout, deadline - .now))
        return .send(Send(job: job, target: target, request: request, span: client))
    }

    /// The `result` label of an answer, and the failure to report, if any.
    private static func result(of response: WebhookResponse, retryAfter: Double) -> (result: String, failure: JobHandlerError?) {
        switch response.outcome {
        case .status(let status) where (200..<300).contains(status): ("delivered", nil)
        case .status(let status): ("http_error", .retry("endpoint answered HTTP \(status)", after: retryAfter))
        case .failed(let reason): ("transport_error", .retry("delivery failed: \(reason)", after: retryAfter))
        }
    }

    /// What ``WebhookEvents/finish(_:)`` records for one attempt.
    private func outcome(_ target: WebhookEvents.Target, _ response: WebhookResponse, succeeded: Bool, now: Date) -> WebhookEvents.Outcome {
        WebhookEvents.Outcome(target: target, response: response, succeeded: succeeded, now: now, disableAfter: settings.disableAfter)
    }

    /// Why a refused job is discarded.
    private static func refused(_ refusal: WebhookEvents.Refusal, eventID: UUID) -> (result: String, failure: JobHandlerError) {
        switch refusal {
        case .endpointMissing: return ("endpoint_missing", .permanent("the webhook endpoint no longer exists"))
        case .endpointDisabled: return ("endpoint_disabled", .permanent("the webhook endpoint is disabled"))
        case .eventMissing: return ("malformed", .permanent("event \(eventID.uuidString.lowercased()) no longer exists"))
        case .badURL: return ("malformed", .permanent("the webhook endpoint's URL is malformed"))
        case .malformedBody: return ("malformed", .permanent("malformed webhook job arguments"))
        }
    }

    /// The event and endpoint a job names, or the body an older job carries,
    /// for an attempt at `now`.
    static func attempt(of job: ClaimedJob, now: Date) throws(JobHandlerError) -> WebhookEvents.Attempt {
        guard let args = WebhookJSON(job.args.text.utf8) else { throw .permanent("malformed webhook job arguments") }
        var endpointID: UUID?
        if args.member("endpoint_id") != nil {
            guard let id = args.string("endpoint_id").flatMap(UUID.init(uuidString:)) else {
                throw .permanent("malformed webhook job arguments")
            }
            endpointID = id
        }
        if let carried = args.member("event") {
            guard let body = WebhookJSON(carried), let eventID = UUID(uuidString: try identity(of: body).id) else {
                throw .permanent("malformed webhook job arguments")
            }
            return WebhookEvents.Attempt(
                eventID: eventID, endpointID: endpointID, carried: body, jobID: job.id, attempt: job.attempt, now: now)
        }
        guard let eventID = args.string("event_id").flatMap(UUID.init(uuidString:)) else {
            throw .permanent("malformed webhook job arguments")
        }
        return WebhookEvents.Attempt(
            eventID: eventID, endpointID: endpointID, carried: nil, jobID: job.id, attempt: job.attempt, now: now)
    }

    /// The id and type of an event body.
    static func identity(of event: WebhookJSON) throws(JobHandlerError) -> (id: String, type: String) {
        guard let id = event.string("id"), let type = event.string("type") else { throw .permanent("malformed webhook job arguments") }
        return (id, type)
    }
}
