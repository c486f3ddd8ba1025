/// One event as a destination receives it: the body is exactly the
/// webhook body's bytes, the id and type travel beside it as fields or
/// headers so a consumer can route and dedupe without parsing the body.
public struct DestinationEvent: Sendable, Equatable {
    /// The event id, the same on every retry: the dedupe key.
    public var id: String
    /// The event type (`invite.redeemed`).
    public var type: String
    /// The webhook body's bytes, unchanged.
    public var body: [UInt8]
    /// The W3C trace context of the change that raised the event, if any.
    public var traceparent: String?

    /// An event with `id`, `type`, the webhook `body` and an optional `traceparent`.
    public init(id: String, type: String, body: [UInt8], traceparent: String? = nil) {
        self.id = id
        self.type = type
        self.body = body
        self.traceparent = traceparent
    }
}

/// What a publish did: stored the event, or found it already stored.
public enum PublishOutcome: String, Sendable, Equatable {
    /// The event is now in the destination, once.
    case added
    /// The destination already had this event id (a retry); nothing was added.
    case duplicate
}

/// A transport that puts events into a broker exactly once per event id.
///
/// Blocking: `publish` waits for the network and the broker's
/// acknowledgement, up to its timeouts. Call it from a thread you own (the
/// worker's delivery threads), never from Swift's cooperative pool.
/// A new broker (Kafka) is one more conforming type.
public protocol EventPublisher: Sendable {
    /// Publishes `event` and waits until the broker has stored it.
    /// - Throws: ``DestinationError``.
    func publish(_ event: DestinationEvent) throws(DestinationError) -> PublishOutcome
}
