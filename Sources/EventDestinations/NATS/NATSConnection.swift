import CNats

/// One libnats connection and its JetStream context. libnats reconnects on
/// its own by default; here that is off so a dropped connection shows as a
/// closed one and ``JetStreamPublisher`` opens a fresh connection on the
/// next publish, rather than buffering publishes for a server that may not
/// come back. Not thread safe; the publisher holds it under its lock.
final class NATSConnection {
    private let connection: OpaquePointer
    let jetStream: OpaquePointer

    /// Connects to `url` with its credentials and `timeouts.connect`.
    /// - Throws: ``DestinationError``: `connection_refused`, `timeout`,
    ///   `auth_failed` or `protocol`.
    init(_ url: DestinationURL, timeouts: DestinationTimeouts) throws(DestinationError) {
        var options: OpaquePointer?
        guard natsOptions_Create(&options) == NATS_OK, let options else {
            throw DestinationError(.protocol, "could not allocate NATS options")
        }
        defer { natsOptions_Destroy(options) }
        let address = url.host.contains(":") ? "[\(url.host)]" : url.host
        // The URL libnats sees has no credentials: its errors may quote it.
        var status = natsOptions_SetURL(options, "nats://\(address):\(url.port)")
        if status == NATS_OK, url.user != nil || url.password != nil {
            status = natsOptions_SetUserInfo(options, url.user ?? "", url.password ?? "")
        }
        if status == NATS_OK { status = natsOptions_SetTimeout(options, DestinationTimeouts.milliseconds(timeouts.connect)) }
        if status == NATS_OK { status = natsOptions_SetAllowReconnect(options, false) }
        guard status == NATS_OK else { throw DestinationError(.protocol, "could not set the NATS connection options") }

        var connection: OpaquePointer?
        status = natsConnection_Connect(&connection, options)
        guard status == NATS_OK, let connection else {
            throw Self.connectError(status, host: url.host, port: url.port)
        }
        var jsOptions = jsOptions()
        jsOptions_Init(&jsOptions)
        jsOptions.Wait = DestinationTimeouts.milliseconds(timeouts.command)
        var jetStream: OpaquePointer?
        guard natsConnection_JetStream(&jetStream, connection, &jsOptions) == NATS_OK, let jetStream else {
            natsConnection_Destroy(connection)
            throw DestinationError(.protocol, "could not open a JetStream context")
        }
        self.connection = connection
        self.jetStream = jetStream
    }

    deinit {
        jsCtx_Destroy(jetStream)
        natsConnection_Destroy(connection)
    }

    /// Whether the connection is closed (the server went away): reconnect.
    var isClosed: Bool { natsConnection_IsClosed(connection) }

    private static func connectError(_ status: natsStatus, host: String, port: Int) -> DestinationError {
        switch status {
        case NATS_TIMEOUT: return DestinationError(.timeout, "connecting to NATS at \(host):\(port) timed out")
        case NATS_CONNECTION_AUTH_FAILED, NATS_NOT_PERMITTED:
            return DestinationError(.authFailed, "NATS at \(host):\(port) refused the credentials")
        case NATS_NO_SERVER: return DestinationError(.connectionRefused, "could not connect to NATS at \(host):\(port)")
        default: return DestinationError(.protocol, "connecting to NATS at \(host):\(port) failed (status \(status.rawValue))")
        }
    }
}
