import Foundation

extension PostgresListener {
    /// The listener thread: connect, listen, pump; on failure report
    /// `.disconnected` (if it was listening), back off and start over, until a
    /// stop is requested.
    func run() {
        var failures = 0
        while !isStopRequested {
            var listening = false
            do {
                let connection = try PostgresConnection(conninfo)
                defer { connection.close() }
                for channel in channels {
                    try connection.runScript("LISTEN " + connection.quoteIdentifier(channel))
                }
                failures = 0
                listening = true
                handler(.connected)
                try pump(connection)
            } catch {
                if listening { handler(.disconnected) }
                failures += 1
                waitForStop(backoff(afterFailures: failures))
            }
        }
    }

    /// Delivers notifications until a stop is requested (returns) or the
    /// connection fails (throws).
    private func pump(_ connection: PostgresConnection) throws(PostgresError) {
        while true {
            switch try connection.waitForNotifications(stopDescriptor: stopPipe.read, quietLimit: quietLimit) {
            case .stopRequested:
                return
            case .quiet:
                if isStopRequested { return }
                try connection.runScript("")
                connection.takeNotifications().forEach { handler(.notification($0)) }
            case .notifications(let received):
                received.forEach { handler(.notification($0)) }
            }
        }
    }

    /// 100 ms doubling per failure up to `maxBackoff`, then ±25 % jitter so
    /// many listeners do not reconnect in step after a restart.
    private func backoff(afterFailures failures: Int) -> Duration {
        let base = Duration.milliseconds(100) * (1 << min(failures - 1, 16))
        return min(base, maxBackoff) * Double.random(in: 0.75...1.25)
    }

    /// Sleeps for `delay` unless a stop is requested first.
    private func waitForStop(_ delay: Duration) {
        var descriptor = pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0)
        let milliseconds = delay.components.seconds * 1000 + delay.components.attoseconds / 1_000_000_000_000_000
        _ = poll(&descriptor, 1, Int32(clamping: milliseconds))
    }
}
