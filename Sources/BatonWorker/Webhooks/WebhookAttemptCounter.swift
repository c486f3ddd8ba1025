import Synchronization

/// Counts the webhook HTTP attempts this process made and says once when
/// the count reaches a threshold.
///
/// It exists for `baton worker`'s process renewal: the HTTP client leaks a
/// little memory per request (see ``WebhookTransport``), so the command
/// replaces its process after a bounded number of requests. The worker only
/// counts and notifies; what happens next is the caller's business.
public final class WebhookAttemptCounter: Sendable {
    /// The count at which `reached` runs; nil never runs it.
    public let threshold: Int?
    private let attempts = Atomic<Int>(0)
    private let reached: @Sendable () -> Void

    /// A counter calling `reached` (on the delivering worker thread, so it
    /// must return quickly) when the `threshold`th attempt starts.
    public init(threshold: Int?, reached: @escaping @Sendable () -> Void = {}) {
        self.threshold = threshold
        self.reached = reached
    }

    /// Attempts counted so far.
    public var count: Int { attempts.load(ordering: .relaxed) }

    /// Counts one attempt; runs `reached` exactly once, for the attempt
    /// that makes the count equal to the threshold.
    func record() {
        let (_, count) = attempts.add(1, ordering: .relaxed)
        if count == threshold { reached() }
    }
}
