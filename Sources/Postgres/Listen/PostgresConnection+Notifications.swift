import CPostgres
import Foundation

extension PostgresConnection {
    /// What woke `waitForNotifications`.
    enum Wake {
        case notifications([PostgresNotification])
        case stopRequested
        case quiet
    }

    /// Blocks in `poll()` on the connection's socket and `stopDescriptor`
    /// until the server sends something, a stop is requested, or `quietLimit`
    /// passes; then returns the notifications libpq parsed.
    /// - Throws: `connection_failed` when the connection is lost.
    func waitForNotifications(stopDescriptor: Int32, quietLimit: Duration) throws(PostgresError) -> Wake {
        var descriptors = [
            pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0),
            pollfd(fd: stopDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        let milliseconds = Int32(clamping: quietLimit.components.seconds * 1000)
        let ready = poll(&descriptors, 2, milliseconds)
        if ready < 0, errno != EINTR { throw PostgresError(.connectionFailed, serverMessage: "poll failed") }
        if descriptors[1].revents != 0 { return .stopRequested }
        if ready <= 0 { return .quiet }
        guard PQconsumeInput(handle) == 1, isHealthy else {
            throw PostgresError(.connectionFailed, serverMessage: String(cString: PQerrorMessage(handle)))
        }
        return .notifications(takeNotifications())
    }

    /// The notifications libpq has parsed so far, oldest first.
    func takeNotifications() -> [PostgresNotification] {
        var received: [PostgresNotification] = []
        while let pointer = PQnotifies(handle) {
            let notify = pointer.pointee
            received.append(
                PostgresNotification(
                    channel: String(cString: notify.relname), payload: String(cString: notify.extra),
                    senderProcessID: notify.be_pid))
            PQfreemem(pointer)
        }
        return received
    }
}
