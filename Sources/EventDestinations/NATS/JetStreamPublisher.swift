import CNats
import Synchronization

/// Publishes events into NATS JetStream and waits for the stream's
/// acknowledgement, exactly once per event id within the stream's
/// duplicate window: every message has the header `Nats-Msg-Id: <event id>`,
/// so the server drops a retry after a lost acknowledgement and acks it as
/// a duplicate. The window is the stream's `duplicate_window` (two minutes
/// by default), which the operator must set longer than the longest retry
/// delay (docs/destinations.md).
///
/// The subject is ``SubjectTemplate`` filled with the event's type; the
/// headers are `Nats-Msg-Id`, `Baton-Event-Type` and `traceparent` when the
/// event has one; the payload is the webhook body's bytes.
///
/// Blocking: ``publish(_:)`` connects on first use (and again once the
/// connection closed) and waits up to the command timeout for the
/// acknowledgement. Publishes through one publisher are serialised; call
/// it from threads you own, never Swift's cooperative pool.
public final class JetStreamPublisher: EventPublisher {
    /// The server, without its password in any description.
    public let url: DestinationURL
    /// The subject each event is published to.
    public let subject: SubjectTemplate
    /// The connect and acknowledgement timeouts.
    public let timeouts: DestinationTimeouts

    private let connection = Mutex<NATSConnection?>(nil)

    /// A publisher to the `nats://[user:password@]host:port` `url`, on the
    /// subjects `subject` makes (`baton.{type}`). Does not connect yet.
    /// - Throws: ``DestinationError`` `invalid_url` or `invalid_subject`.
    public init(url: String, subject: String = "baton.{type}", timeouts: DestinationTimeouts = DestinationTimeouts())
        throws(DestinationError)
    {
        self.url = try DestinationURL(url, scheme: "nats", defaultPort: 4222, allowsDatabase: false)
        self.subject = try SubjectTemplate(subject)
        self.timeouts = timeouts
    }

    /// Publishes `event` and waits for the stream's acknowledgement.
    /// - Returns: `.duplicate` when the stream already had this event id
    ///   within its duplicate window.
    /// - Throws: ``DestinationError``: `invalid_subject`, `connection_refused`,
    ///   `timeout`, `connection_lost`, `auth_failed`, `no_stream` or `protocol`.
    public func publish(_ event: DestinationEvent) throws(DestinationError) -> PublishOutcome {
        let subject = try subject.subject(forType: event.type)
        return try connection.withLock { (connection: inout NATSConnection?) throws(DestinationError) -> PublishOutcome in
            if connection?.isClosed ?? false { connection = nil }
            if connection == nil { connection = try NATSConnection(url, timeouts: timeouts) }
            guard let current = connection else { throw DestinationError(.protocol, "no NATS connection") }
            do throws(DestinationError) {
                return try Self.publish(event, to: subject, on: current, wait: DestinationTimeouts.milliseconds(timeouts.command))
            } catch {
                if current.isClosed { connection = nil }
                throw error
            }
        }
    }

    /// Drops the connection; the next publish opens a new one.
    public func disconnect() {
        connection.withLock { $0 = nil }
    }

    private static func publish(_ event: DestinationEvent, to subject: String, on connection: NATSConnection, wait: Int64)
        throws(DestinationError) -> PublishOutcome
    {
        var message: OpaquePointer?
        let created = event.body.withUnsafeBufferPointer { body in
            natsMsg_Create(
                &message, subject, nil, body.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, Int32(body.count)
            )
        }
        guard created == NATS_OK, let message else { throw DestinationError(.protocol, "could not build the NATS message") }
        defer { natsMsg_Destroy(message) }
        var headers = [("Nats-Msg-Id", event.id), ("Baton-Event-Type", event.type)]
        if let traceparent = event.traceparent { headers.append(("traceparent", traceparent)) }
        for (name, value) in headers where natsMsgHeader_Set(message, name, value) != NATS_OK {
            throw DestinationError(.protocol, "could not set the NATS header \(name)")
        }
        var options = jsPubOptions()
        jsPubOptions_Init(&options)
        options.MaxWait = wait
        var acknowledgement: UnsafeMutablePointer<jsPubAck>?
        var code = jsErrCode(rawValue: 0)
        let status = js_PublishMsg(&acknowledgement, connection.jetStream, message, &options, &code)
        defer { jsPubAck_Destroy(acknowledgement) }
        guard status == NATS_OK, let acknowledgement else { throw publishError(status, code: code) }
        return acknowledgement.pointee.Duplicate ? .duplicate : .added
    }

    private static func publishError(_ status: natsStatus, code: jsErrCode) -> DestinationError {
        if code == JSStreamNotFoundErr || status == NATS_NO_RESPONDERS {
            return DestinationError(.noStream, "no JetStream stream captures the subject")
        }
        switch status {
        case NATS_TIMEOUT: return DestinationError(.timeout, "JetStream did not acknowledge within the timeout")
        case NATS_CONNECTION_CLOSED, NATS_CONNECTION_DISCONNECTED, NATS_IO_ERROR, NATS_STALE_CONNECTION:
            return DestinationError(.connectionLost, "the NATS connection dropped before the acknowledgement")
        case NATS_NOT_PERMITTED, NATS_CONNECTION_AUTH_FAILED:
            return DestinationError(.authFailed, "NATS does not permit publishing to the subject")
        default:
            return DestinationError(.protocol, "JetStream refused the message (status \(status.rawValue), code \(code.rawValue))")
        }
    }
}
