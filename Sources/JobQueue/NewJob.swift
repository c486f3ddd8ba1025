import Foundation
import Postgres
import Telemetry

/// A job to enqueue: what to run, with what, when, and how often to try.
public struct NewJob: Sendable, Equatable {
    /// The handler that runs it, such as `webhook.deliver` (1…64 characters).
    public var kind: String
    /// The handler's input, a JSON object.
    public var args: PostgresJSON
    /// 1 (first) to 4 (last): lower numbers are claimed first.
    public var priority: Int
    /// When it may run first; nil means now (the database's clock).
    public var scheduledAt: Date?
    /// Attempts before it is discarded (at least 1).
    public var maxAttempts: Int
    /// When set, a second enqueue with the same key is a no-op for as long
    /// as the first job's row exists (until cleanup deletes it after the
    /// retention). 1…255 characters.
    public var uniqueKey: String?
    /// The `traceparent` of the span enqueuing it, which the job's execution
    /// continues; nil outside any trace.
    public var traceparent: String?

    /// A job; only `kind` is required. By default it carries the trace of the
    /// work enqueuing it (``TraceScope/traceparent``, an API request's span).
    public init(
        kind: String, args: PostgresJSON = PostgresJSON("{}"), priority: Int = 1,
        scheduledAt: Date? = nil, maxAttempts: Int = 20, uniqueKey: String? = nil,
        traceparent: String? = TraceScope.traceparent
    ) {
        self.traceparent = traceparent
        self.kind = kind
        self.args = args
        self.priority = priority
        self.scheduledAt = scheduledAt
        self.maxAttempts = maxAttempts
        self.uniqueKey = uniqueKey
    }

    /// Checks the fields the database would otherwise reject with a less
    /// helpful error.
    func validate() throws(JobQueueError) {
        guard (1...64).contains(kind.count) else { throw .invalidJob("kind must be 1 to 64 characters") }
        guard (1...4).contains(priority) else { throw .invalidJob("priority must be 1 to 4") }
        guard maxAttempts >= 1, maxAttempts <= 1000 else { throw .invalidJob("max attempts must be 1 to 1000") }
        if let uniqueKey, !(1...255).contains(uniqueKey.count) {
            throw .invalidJob("unique key must be 1 to 255 characters")
        }
    }
}
