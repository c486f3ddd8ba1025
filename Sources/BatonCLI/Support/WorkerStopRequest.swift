import BackgroundServices
import Dispatch
import Foundation
import HTTP
import Synchronization

/// Why `baton worker` stops: a termination signal or its renewal threshold,
/// whichever comes first, and, once the worker has drained, whether it
/// may renew.
///
/// A signal always wins: one that arrives before or during the drain means
/// exit 0, never exec.
final class WorkerStopRequest: Sendable {
    /// What ends the command once the worker has stopped.
    enum Ending: Equatable {
        /// Exit 0: a signal arrived (or nothing asked to renew).
        case exit
        /// Replace the process with a fresh copy of itself.
        case renew
    }

    private struct State {
        var renewalRequested = false
        var signal: Int32?
    }

    private let state = Mutex(State())
    private let arrived = DispatchSemaphore(value: 0)

    /// A request that also records the first signal `signals` reports.
    convenience init(signals: SignalWaiter) {
        self.init { signals.wait() }
    }

    /// A request that records the signal `waitForSignal` returns, called
    /// once on a thread of its own (tests pass their own).
    init(waitForSignal: @escaping @Sendable () -> Int32) {
        ServiceThread.start(named: "baton-signals") { [self] in stopForSignal(waitForSignal()) }
    }

    /// Asks the worker to stop and renew; called from a worker thread.
    func renew() {
        let first = state.withLock { state in
            defer { state.renewalRequested = true }
            return state.signal == nil && !state.renewalRequested
        }
        if first { arrived.signal() }
    }

    /// Blocks until a signal or ``renew()`` asks to stop; true when it was the renewal.
    func wait() -> Bool {
        arrived.wait()
        return state.withLock { $0.signal == nil }
    }

    /// Called after the drain: `.renew` only when a renewal was asked for
    /// and no signal has arrived.
    ///
    /// `SignalWaiter` ignores SIGTERM and SIGINT, and an ignored signal
    /// stays ignored across `execve`: one sent between this decision and the
    /// new process's own waiter would be lost. So the default actions come
    /// back before the decision, and such a late signal ends the drained
    /// process (or the new one, before it claims anything) instead. What
    /// remains is a signal Dispatch took just before the reset but has not
    /// handed to the waiter yet (microseconds): the new process runs on, and
    /// the supervisor's stop timeout ends it.
    func endingAfterDrain() -> Ending {
        guard state.withLock({ $0.renewalRequested }) else { return .exit }
        signal(SIGTERM, SIG_DFL)
        signal(SIGINT, SIG_DFL)
        return state.withLock { $0.signal == nil ? .renew : .exit }
    }

    private func stopForSignal(_ number: Int32) {
        let first = state.withLock { state in
            defer { state.signal = state.signal ?? number }
            return state.signal == nil && !state.renewalRequested
        }
        if first { arrived.signal() }
    }
}
