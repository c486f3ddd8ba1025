/// How one attempt of a claimed job failed, for `JobQueue.fail`.
public struct JobFailure: Sendable, Equatable {
    /// The job.
    public var id: Int64
    /// What went wrong, kept in the job's `errors` (cut to 2,000 characters).
    /// Must hold nothing secret: operators read it.
    public var message: String
    /// Seconds until the next attempt, when there is one.
    public var retryAfter: Double
    /// Discard now even if attempts remain (a permanent error, such as
    /// malformed arguments).
    public var isPermanent: Bool

    /// A failure; see the properties.
    public init(id: Int64, message: String, retryAfter: Double, isPermanent: Bool = false) {
        self.id = id
        self.message = message
        self.retryAfter = max(0, retryAfter)
        self.isPermanent = isPermanent
    }
}
