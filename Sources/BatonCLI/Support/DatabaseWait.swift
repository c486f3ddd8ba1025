import Foundation
import Postgres

/// Retries opening a database connection until the server accepts one or a
/// deadline passes: what `baton migrate --wait` does while PostgreSQL is still
/// starting (a container's init-time server, a host booting).
///
/// Only `connection_failed` is retried; any other error, and the last
/// connection failure once the deadline has passed, is thrown as it came.
struct DatabaseWait {
    /// The longest the whole wait may take.
    var limit: Duration
    /// The delay after the first failure; each later one doubles, up to ``maximumDelay``.
    var firstDelay: Duration = .milliseconds(250)
    /// The longest delay between two attempts.
    var maximumDelay: Duration = .seconds(5)

    /// Runs `attempt` until it succeeds, retrying connection failures with
    /// backoff; `onRetry` hears each failure and the delay before the next try.
    func run<T>(
        _ attempt: () throws -> T,
        onRetry: (PostgresError, Duration) -> Void = { _, _ in },
        clock: ContinuousClock = ContinuousClock()
    ) throws -> T {
        let deadline = clock.now.advanced(by: limit)
        var delay = firstDelay
        while true {
            do {
                return try attempt()
            } catch let error as PostgresError where error.code == .connectionFailed {
                let remaining = clock.now.duration(to: deadline)
                guard remaining > .zero else { throw error }
                let pause = min(delay, remaining)
                onRetry(error, pause)
                Thread.sleep(forTimeInterval: Double(pause.components.seconds) + Double(pause.components.attoseconds) / 1e18)
                delay = min(delay * 2, maximumDelay)
            }
        }
    }
}
