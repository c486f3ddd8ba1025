/// The exporter's bounded queue, as a value its lock guards: its methods
/// decide, the exporter acts on what they return after unlocking.
struct SpanQueue {
    /// The most spans held; a span arriving at a full queue is dropped.
    let capacity: Int
    /// The most spans one export sends.
    let batchSize: Int
    private(set) var spans: [Span] = []

    init(capacity: Int, batchSize: Int) {
        self.capacity = capacity
        self.batchSize = batchSize
        spans.reserveCapacity(capacity)
    }

    /// What became of a span offered to the queue.
    enum Admission: Equatable {
        /// Queued; `wake` when a full batch is now waiting.
        case queued(wake: Bool)
        /// The queue was full: count it as dropped.
        case dropped
    }

    /// Queues `span` unless the queue is full.
    mutating func offer(_ span: Span) -> Admission {
        guard spans.count < capacity else { return .dropped }
        spans.append(span)
        return .queued(wake: spans.count == batchSize)
    }

    /// The oldest spans, at most a batch, taken out of the queue.
    mutating func takeBatch() -> [Span] {
        let count = min(batchSize, spans.count)
        let batch = Array(spans.prefix(count))
        spans.removeFirst(count)
        return batch
    }
}
