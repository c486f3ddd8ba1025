import BackgroundServices

extension PostgresListener {
    /// A listening connection, and whether `.connected` was reported for it.
    struct Listening {
        let connection: PostgresConnection
        var announced = false
    }

    /// The listener's turns: connect and `LISTEN`; report `.connected` (a
    /// turn of its own, so that the backoff starts over only once the
    /// listener really listened); then pump until a stop or a failure,
    /// which reports `.disconnected` and has the service reconnect.
    struct Listen: Sendable {
        let conninfo: String
        let channels: [String]
        let quietLimit: Duration
        let handler: @Sendable (Event) -> Void

        func connect() throws -> Listening {
            let connection = try PostgresConnection(conninfo)
            do {
                for channel in channels {
                    try connection.runScript("LISTEN " + connection.quoteIdentifier(channel))
                }
            } catch {
                connection.close()
                throw error
            }
            return Listening(connection: connection)
        }

        func turn(_ listening: inout Listening, _ context: ServiceContext) throws -> ServiceStep {
            guard listening.announced else {
                listening.announced = true
                handler(.connected)
                return .again
            }
            do {
                try pump(listening.connection, context)
            } catch {
                handler(.disconnected)
                throw error
            }
            return .again
        }

        /// Delivers notifications until a stop is requested (returns) or the
        /// connection fails (throws).
        private func pump(_ connection: PostgresConnection, _ context: ServiceContext) throws(PostgresError) {
            while true {
                switch try connection.waitForNotifications(in: context, quietLimit: quietLimit) {
                case .stopRequested:
                    return
                case .quiet:
                    try connection.runScript("")
                    connection.takeNotifications().forEach { handler(.notification($0)) }
                case .notifications(let received):
                    received.forEach { handler(.notification($0)) }
                }
            }
        }
    }
}
