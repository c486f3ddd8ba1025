import BackgroundServices
import Synchronization

/// Sends finished spans to an OTLP/HTTP collector in batches, from a thread
/// of its own (a ``BackgroundService``), so recording a span costs a lock
/// and an append and never waits for the network.
///
/// The queue is bounded (``Limits/capacity``): a span recorded while it is
/// full (the collector down or slow) is dropped and counted in `dropped`,
/// as is every span of a batch the collector refused or did not answer in
/// time; a failed batch is not retried, so an outage costs spans, never
/// memory or request time. A batch goes out when it is full or
/// ``Limits/interval`` after the last one; ``stop(grace:)`` sends what is queued.
public final class SpanExporter: SpanRecorder, LifecycleService, Sendable {
    /// How much is held and how often it is sent.
    public struct Limits: Sendable {
        /// The most spans queued (the OpenTelemetry SDKs' default).
        public var capacity = 2048
        /// The most spans in one export.
        public var batchSize = 512
        /// The longest a span waits for a batch to fill.
        public var interval = Duration.seconds(1)

        /// The defaults.
        public init() {}
    }

    private let queue: Mutex<SpanQueue>
    private let service = BackgroundService<OTLPTransport>(name: "baton-otlp", backoff: .standard, stopMode: .whenFinished(retries: 0))
    private let dropped: Counter
    private let exported: Counter?

    /// An exporter posting to `transport`'s collector; call ``start()``.
    /// - Parameters:
    ///   - dropped: counts spans lost to a full queue or a failed export.
    ///   - exported: counts spans the collector accepted; nil counts nothing.
    public init(
        transport: @escaping @Sendable () throws -> OTLPTransport, resource: OTLPResource, limits: Limits = Limits(),
        dropped: Counter, exported: Counter? = nil
    ) {
        queue = Mutex(SpanQueue(capacity: limits.capacity, batchSize: limits.batchSize))
        self.dropped = dropped
        self.exported = exported
        self.resource = resource
        self.interval = limits.interval
        self.makeTransport = transport
    }

    private let resource: OTLPResource
    private let interval: Duration
    private let makeTransport: @Sendable () throws -> OTLPTransport

    public func record(_ span: Span) {
        switch queue.withLock({ $0.offer(span) }) {
        case .queued(let wake): if wake { service.wake() }
        case .dropped: dropped.increment()
        }
    }

    /// Starts the exporting thread.
    public func start() {
        service.start(
            ServiceWork(
                connect: makeTransport,
                turn: { [self] transport, context in turn(transport, stopping: context.isStopping) },
                disconnect: { _, _ in }))
    }

    /// Sends what is queued (each post bounded by the transport's
    /// timeout), then ends the thread.
    public func stop() {
        service.stop()
    }

    /// One batch: taken under the lock, encoded and posted outside it.
    private func turn(_ transport: OTLPTransport, stopping: Bool) -> ServiceStep {
        let (batch, more) = queue.withLock { queue in
            let batch = queue.takeBatch()
            return (batch, !queue.spans.isEmpty)
        }
        if !batch.isEmpty {
            if transport.post(OTLPJSON.body(batch, resource: resource)) {
                exported?.increment(by: batch.count)
            } else {
                dropped.increment(by: batch.count)
            }
        }
        if more { return .again }
        return stopping ? .finished : .wait(interval)
    }
}
