import Foundation
import Synchronization

/// A loop on a named thread of its own, with a session (a database
/// connection, usually) that it opens, reconnects after failures and closes.
///
/// The thread connects, then calls its work's `turn` again and again; each turn does
/// its blocking work (libpq, so threads rather than tasks) and says what
/// next (``ServiceStep``): turn again, wait, or finish. A turn or connect
/// that throws closes the session, is reported (``ServiceEvent``, once per
/// change of state with a count) and, after the backoff, the service
/// connects afresh; without a backoff a failure ends the service.
///
/// Waits (the service's own and those a turn makes through its
/// ``ServiceContext``) end early on ``wake()`` and on a stop. ``stop(grace:)``
/// asks the service to stop and joins its thread; the ``StopMode`` says
/// whether the turn in progress is the last, or whether turns go on until
/// one finishes (its context then carries the deadline the grace sets).
///
/// The shape is swift-service-lifecycle's `Service` (one `run` the owner
/// starts and cancels) and River's producer loops (a fetch-sleep loop woken
/// early), on a thread. A service runs once: ``start(_:)``, later ``stop(grace:)``.
public final class BackgroundService<Session>: Sendable {
    /// The thread's name (`baton-…`), as `ps -L` and debuggers show it.
    public let name: String
    private let backoff: ServiceBackoff?
    private let stopMode: StopMode
    private let context: ServiceContext
    private let lifecycle = Mutex(Lifecycle())
    private let finished = DispatchSemaphore(value: 0)
    private let lastIteration = Mutex(ContinuousClock.now)

    private struct Lifecycle {
        var started = false
        var stopRequested = false
        var thread: pthread_t?
    }

    /// A service that does nothing until ``start(_:)``.
    /// - Parameters:
    ///   - name: the thread's name.
    ///   - backoff: the wait before reconnecting after a failure; nil ends
    ///     the service at its first failure.
    public init(name: String, backoff: ServiceBackoff? = .standard, stopMode: StopMode = .afterCurrentTurn) {
        self.name = name
        self.backoff = backoff
        self.stopMode = stopMode
        context = ServiceContext(stopMode: stopMode)
    }

    /// Starts the thread running `work`. Later calls, and calls after a stop, do nothing.
    public func start(_ work: ServiceWork<Session>) {
        let first = lifecycle.withLock { state in
            guard !state.started, !state.stopRequested else { return false }
            state.started = true
            return true
        }
        guard first else { return }
        ServiceThread.start(named: name) { [self] in
            lifecycle.withLock { $0.thread = pthread_self() }
            run(work)
            work.report(.stopped)
            finished.signal()
        }
    }

    /// Ends the current or next wait early, e.g. because work arrived.
    /// Cheap; wake-ups while the service is busy fold into one.
    public func wake() {
        context.wake()
    }

    /// Asks the service to stop without waiting for it. `grace` sets the
    /// deadline its turns see (only ``StopMode/whenFinished(retries:)``
    /// services turn on after a stop); the first request's deadline counts.
    public func requestStop(grace: Duration = .zero) {
        lifecycle.withLock { $0.stopRequested = true }
        context.requestStop(grace: grace)
    }

    /// Asks the service to stop and returns once its thread has closed its
    /// session. Called on the service's own thread (from a turn or a
    /// report), it only asks. A service never started returns at once.
    public func stop(grace: Duration = .zero) {
        requestStop(grace: grace)
        let (started, thread) = lifecycle.withLock { ($0.started, $0.thread) }
        guard started else { return }
        if let thread, pthread_equal(thread, pthread_self()) != 0 { return }
        finished.wait()
        finished.signal()
    }

    /// Whether the loop began a connect or a turn within `limit` (counting
    /// from its creation): false when a turn is wedged. A database outage
    /// keeps it iterating through its backoff, which is at most 5 s.
    public func hasIterated(within limit: Duration) -> Bool {
        lastIteration.withLock { ContinuousClock.now - $0 <= limit }
    }

    private func run(_ work: ServiceWork<Session>) {
        var session: Session?
        var health = Health()
        turning: while !(context.isStopping && stopMode == .afterCurrentTurn) {
            lastIteration.withLock { $0 = .now }
            let step: ServiceStep
            do {
                var current = try session ?? work.connect()
                session = nil
                do {
                    step = try work.turn(&current, context)
                } catch {
                    work.disconnect(current, context)
                    throw error
                }
                session = current
            } catch {
                guard let delay = failed(error, &health, work) else { break }
                context.wait(delay)
                continue
            }
            if health.failures > 0 { work.report(.recovered(failures: health.failures)) }
            health = Health()
            switch step {
            case .again: continue
            case .wait(let duration): context.wait(duration)
            case .finished: break turning
            }
        }
        if let session { work.disconnect(session, context) }
    }

    /// Failures in a row, for reporting once per change of state and for the backoff.
    private struct Health {
        var failures = 0
        var failuresWhileStopping = 0
        var lastReason: String?
    }

    /// Reports `error` if it is news; returns the wait before the next try,
    /// or nil when the service gives up.
    private func failed(_ error: any Error, _ health: inout Health, _ work: ServiceWork<Session>) -> Duration? {
        health.failures += 1
        let reason = String(describing: error)
        if reason != health.lastReason { work.report(.failing(error, failures: health.failures)) }
        health.lastReason = reason
        guard let backoff else { return nil }
        guard context.isStopping else { return backoff.delay(afterFailures: health.failures) }
        // Stopping: a few quick tries from the start of the schedule, so a
        // stop during an outage ends within a fraction of a second.
        health.failuresWhileStopping += 1
        guard case .whenFinished(let retries) = stopMode, health.failuresWhileStopping <= retries else { return nil }
        return backoff.delay(afterFailures: health.failuresWhileStopping)
    }
}
