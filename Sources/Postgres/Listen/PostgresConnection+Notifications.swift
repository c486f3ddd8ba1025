import BackgroundServices
import CPostgres
import Foundation

extension PostgresConnection {
    /// What woke `waitForNotifications`.
    enum Wake {
        case notifications([PostgresNotification])
        case stopRequested
        case quiet
    }

    /// Blocks in `poll()` on the connection's socket, through `context` so
    /// that a stop wakes it, until the server sends something, a stop is
    /// requested, or `quietLimit` passes; then returns the notifications
    /// libpq parsed.
    /// - Throws: `connection_failed` when the connection is lost.
    func waitForNotifications(in context: ServiceContext, quietLimit: Duration) throws(PostgresError) -> Wake {
        let readable = context.wait(quietLimit, watching: PQsocket(handle))
        if context.isStopping { return .stopRequested }
        guard readable else { return .quiet }
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
