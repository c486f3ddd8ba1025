import BackgroundServices
import Foundation
import Synchronization

/// Every open connection's ``ConnectionDeadline``, and the watchdog thread
/// that shuts down the socket of each one past its deadline (libmicrohttpd
/// then sees the connection end and closes it).
///
/// A connection is registered when libmicrohttpd opens it and removed when
/// it reports it closed, which it does before closing the socket. The
/// watchdog shuts sockets down while holding the lock, so a connection can
/// never be removed, and its descriptor closed and reused by a new
/// connection, between the check and the `shutdown(2)`: the lock is held
/// only for a scan of a few hundred entries and non-blocking system calls.
final class ConnectionDeadlines: Sendable {
    /// Allowances in nanoseconds, from the configuration.
    let idleAllowance: Int64
    let headAllowance: Int64
    /// Nanoseconds one body byte adds to the allowance.
    let nanosecondsPerBodyByte: Int64

    private let open = Mutex<[ObjectIdentifier: ConnectionDeadline]>([:])
    /// Signalled to stop the watchdog at once rather than after its next sleep.
    private let wake = DispatchSemaphore(value: 0)
    private let stopped = DispatchSemaphore(value: 0)

    /// How often the watchdog looks: deadlines are kept to within this.
    static let checkInterval: TimeInterval = 0.25

    init(configuration: ServerConfiguration) {
        idleAllowance = Int64(configuration.connectionTimeoutSeconds) * 1_000_000_000
        headAllowance = Int64(configuration.requestHeadTimeoutSeconds) * 1_000_000_000
        nanosecondsPerBodyByte = 1_000_000_000 / Int64(configuration.minBodyBytesPerSecond)
    }

    /// Monotonic nanoseconds from the coarse clock: a few nanoseconds to
    /// read, a few milliseconds of resolution, plenty for deadlines in seconds.
    static var now: Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC_COARSE, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// Starts the watchdog thread.
    func start() {
        ServiceThread.start(named: "baton-deadlines") { [self] in
            while wake.wait(timeout: .now() + Self.checkInterval) == .timedOut {
                cutExpired()
            }
            stopped.signal()
        }
    }

    /// Stops the watchdog and waits for it; call after the daemon stopped.
    func stop() {
        wake.signal()
        stopped.wait()
    }

    /// A new connection on `socket`, waiting for its first request.
    func opened(socket: Int32) -> ConnectionDeadline {
        let deadline = ConnectionDeadline(socket: socket, deadline: Self.now + idleAllowance)
        open.withLock { $0[ObjectIdentifier(deadline)] = deadline }
        return deadline
    }

    /// The connection is closed: it is no longer watched.
    func closed(_ deadline: ConnectionDeadline) {
        open.withLock { $0[ObjectIdentifier(deadline)] = nil }
    }

    /// The body allowance once `received` bytes have arrived.
    func bodyAllowance(received: Int) -> Int64 {
        headAllowance + Int64(received) * nanosecondsPerBodyByte
    }

    private func cutExpired() {
        let now = Self.now
        open.withLock { connections in
            for deadline in connections.values where deadline.expire(at: now) {
                Glibc.shutdown(deadline.socket, Int32(SHUT_RDWR))
            }
        }
    }
}
