import Postgres
import Telemetry

/// A job a worker has claimed: it holds the lease until it completes, fails
/// or releases the job, or the lease expires.
public struct ClaimedJob: Sendable, Equatable {
    /// The job's id.
    public let id: Int64
    /// Which handler runs it.
    public let kind: String
    /// The handler's input.
    public let args: PostgresJSON
    /// This attempt's number, from 1.
    public let attempt: Int
    /// The attempt after which a failure discards the job.
    public let maxAttempts: Int
    /// The span that enqueued it (its stored `traceparent`), which this
    /// attempt's execution continues; nil when it was enqueued outside a
    /// trace or the stored value is not a valid `traceparent`.
    public let trace: TraceContext?
    /// This attempt's execution span: a child of ``trace``, or the root of a
    /// new trace. Its flag is the parent's until the worker's sampler sets it.
    public var span: TraceContext

    /// A claimed job; the queue makes these.
    public init(id: Int64, kind: String, args: PostgresJSON, attempt: Int, maxAttempts: Int, trace: TraceContext? = nil) {
        self.trace = trace
        span = trace?.child() ?? .root(sampled: false)
        self.id = id
        self.kind = kind
        self.args = args
        self.attempt = attempt
        self.maxAttempts = maxAttempts
    }

    /// Whether a failure of this attempt discards the job.
    public var isLastAttempt: Bool { attempt >= maxAttempts }
}
