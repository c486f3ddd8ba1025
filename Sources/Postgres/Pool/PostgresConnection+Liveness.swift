import CPostgres
import Foundation

extension PostgresConnection {
    /// Whether the server closed this idle connection, found without a round
    /// trip: a restart or `pg_terminate_backend` leaves an error message and
    /// end-of-file in the socket, which libpq reads here.
    var droppedWhileIdle: Bool {
        guard isHealthy else { return true }
        var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) > 0 else { return false }
        guard PQconsumeInput(handle) == 1 else { return true }
        discardNotifications()
        return !isHealthy
    }

    /// A round trip with an empty statement: proves the server still answers.
    var answersPing: Bool {
        (try? runScript("")) != nil
    }

    /// Drops notifications a pooled connection received (it should not be
    /// listening; a caller may have left a `LISTEN` behind).
    private func discardNotifications() {
        while let notification = PQnotifies(handle) { PQfreemem(notification) }
    }
}
