import Foundation
import Synchronization

/// When one connection must have sent what it owes, whatever it trickles:
/// libmicrohttpd's connection timeout is an idle timeout, which every byte
/// resets, so a client sending one byte every few seconds held a
/// connection forever. ``ConnectionDeadlines`` cuts a connection whose
/// deadline has passed.
///
/// The phases and their allowances (``ServerConfiguration``):
/// - waiting for a request (after accept, or after the previous one):
///   `connectionTimeoutSeconds`, as long as an idle connection is kept;
/// - from the request line to the end of the head: `requestHeadTimeoutSeconds`;
/// - the body: `requestHeadTimeoutSeconds` more, plus one second for every
///   `minBodyBytesPerSecond` bytes received, so a body must keep up that rate;
/// - while the handler runs and the response goes out: no deadline (the
///   idle timeout still applies).
///
/// Written by the connection's pool thread, read by the watchdog: one
/// atomic, no lock.
final class ConnectionDeadline: Sendable {
    /// The connection's socket, shut down when the deadline passes.
    let socket: Int32
    /// Monotonic nanoseconds (``ConnectionDeadlines/now``); 0 for none.
    private let deadline: Atomic<Int64>

    init(socket: Int32, deadline: Int64) {
        self.socket = socket
        self.deadline = Atomic(deadline)
    }

    /// Sets the deadline `allowance` nanoseconds (more than 0) from `start`.
    func set(from start: Int64, allowance: Int64) {
        deadline.store(start + allowance, ordering: .relaxed)
    }

    /// Removes the deadline.
    func clear() {
        deadline.store(0, ordering: .relaxed)
    }

    /// Whether the deadline has passed at `now`; clears it, so that a
    /// connection is cut once.
    func expire(at now: Int64) -> Bool {
        let current = deadline.load(ordering: .relaxed)
        guard current != 0, current <= now else { return false }
        return deadline.compareExchange(expected: current, desired: 0, ordering: .relaxed).exchanged
    }
}
