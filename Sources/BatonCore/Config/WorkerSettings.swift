/// How `baton worker` runs jobs and what its periodic work keeps.
public struct WorkerSettings: Sendable, Equatable {
    /// Jobs run at once.
    public var concurrency: Int
    /// How long a claimed job stays leased without a heartbeat.
    public var lease: Duration
    /// The longest one job may run.
    public var jobTimeout: Duration
    /// How long a stopping worker waits for running jobs.
    public var shutdownGrace: Duration
    /// How long finalized jobs are kept.
    public var jobRetention: Duration
    /// How long idempotency records are kept.
    public var idempotencyRetention: Duration
    /// How long events are kept; nil keeps them forever.
    public var eventRetention: Duration?

    /// Settings; the defaults match ``Setting/all``.
    public init(
        concurrency: Int = 10, lease: Duration = .seconds(60), jobTimeout: Duration = .seconds(300),
        shutdownGrace: Duration = .seconds(30), jobRetention: Duration = .seconds(168 * 3600),
        idempotencyRetention: Duration = .seconds(24 * 3600), eventRetention: Duration? = nil
    ) {
        self.concurrency = concurrency
        self.lease = lease
        self.jobTimeout = jobTimeout
        self.shutdownGrace = shutdownGrace
        self.jobRetention = jobRetention
        self.idempotencyRetention = idempotencyRetention
        self.eventRetention = eventRetention
    }

    static func read(_ reader: inout SettingReader) -> WorkerSettings? {
        let concurrency = reader.integer(.workerConcurrency, in: 1...256)
        let lease = reader.integer(.jobLease, in: 1...3600)
        let timeout = reader.integer(.jobTimeout, in: 1...86_400)
        let grace = reader.integer(.workerShutdownGrace, in: 0...3600)
        let jobs = reader.integer(.jobRetention, in: 1...87_600)
        let idempotency = reader.integer(.idempotencyRetention, in: 24...8760)
        let events = reader.integer(.eventRetention, in: 0...36_500)
        guard let concurrency, let lease, let timeout, let grace, let jobs, let idempotency, let events else { return nil }
        return WorkerSettings(
            concurrency: concurrency, lease: .seconds(lease), jobTimeout: .seconds(timeout),
            shutdownGrace: .seconds(grace), jobRetention: .seconds(jobs * 3600),
            idempotencyRetention: .seconds(idempotency * 3600), eventRetention: events == 0 ? nil : .seconds(events * 86_400))
    }
}
