import JobQueue
import Telemetry

extension Worker {
    /// Records a sampled job attempt's execution span, a child of the span
    /// that enqueued the job (a root when none did): named by the job's
    /// kind, with its id, kind and attempt number, failed when the attempt
    /// failed. The job's arguments are never attributes.
    func recordSpan(of job: ClaimedJob, _ outcome: WorkerState.Outcome, startedNanoseconds: UInt64) {
        guard let recorder = configuration.spanRecorder, job.span.isSampled else { return }
        let kind = handlers[job.kind] == nil ? "unknown" : job.kind
        var span = Span(
            name: kind, kind: .internal, context: job.span, parent: job.trace?.spanID,
            attributes: [.string("baton.job.kind", kind), .int("baton.job.id", Int(job.id)), .int("baton.job.attempt", job.attempt)])
        span.startNanoseconds = startedNanoseconds
        if case .completed = outcome { span.end() } else { span.end(failed: true) }
        recorder.record(span)
    }
}
