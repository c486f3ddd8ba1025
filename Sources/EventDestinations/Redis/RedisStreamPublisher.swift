import Synchronization

/// Publishes events into a Redis stream with `XADD`, exactly once per event
/// id: one Lua script sets the dedupe key `baton:dedupe:<event id>` with
/// `NX` and a TTL and adds the entry only when the key was new, so a retry
/// after a lost reply (or a restarted server) never adds a second entry.
/// Redis runs a script atomically and logs its effects together, so the
/// key and the entry are stored both or neither.
///
/// Entries carry the fields `id`, `type`, `body` (the webhook body's
/// bytes) and `traceparent` when the event has one. With `maxLength` the
/// stream is trimmed with `MAXLEN ~`.
///
/// Blocking: ``publish(_:)`` connects on first use (and again after the
/// connection broke) and waits for the reply. Publishes through one
/// publisher are serialised on its one connection; call it from threads
/// you own, never Swift's cooperative pool.
public final class RedisStreamPublisher: EventPublisher {
    /// The server, without its password in any description.
    public let url: DestinationURL
    /// The stream key entries are added to.
    public let stream: String
    /// The approximate length `MAXLEN ~` trims to; nil keeps every entry.
    public let maxLength: Int?
    /// How long a dedupe key lives: a retry later than this adds a second entry.
    public let dedupeTTL: Duration
    /// The dedupe key's prefix; the event id follows it.
    public let dedupeKeyPrefix: String
    /// The connect and command timeouts.
    public let timeouts: DestinationTimeouts

    private struct Session {
        var connection: RedisConnection
        var scriptSHA: [UInt8]
    }

    private let session = Mutex<Session?>(nil)

    /// A publisher into `stream` at the `redis://[user:password@]host:port/db`
    /// `url`. Does not connect yet.
    /// - Throws: ``DestinationError`` `invalid_url` for a malformed URL, an
    ///   empty stream name or a `maxLength` or `dedupeTTL` below one.
    public init(
        url: String, stream: String, maxLength: Int? = nil, dedupeTTL: Duration = .seconds(7 * 24 * 3600),
        dedupeKeyPrefix: String = "baton:dedupe:", timeouts: DestinationTimeouts = DestinationTimeouts()
    ) throws(DestinationError) {
        self.url = try DestinationURL(url, scheme: "redis", defaultPort: 6379, allowsDatabase: true)
        guard !stream.isEmpty else { throw DestinationError(.invalidURL, "the Redis stream name is empty") }
        guard (maxLength ?? 1) >= 1 else { throw DestinationError(.invalidURL, "the Redis stream's max_length must be at least 1") }
        guard dedupeTTL >= .seconds(1) else { throw DestinationError(.invalidURL, "the Redis dedupe TTL must be at least a second") }
        self.stream = stream
        self.maxLength = maxLength
        self.dedupeTTL = dedupeTTL
        self.dedupeKeyPrefix = dedupeKeyPrefix
        self.timeouts = timeouts
    }

    /// Adds `event` to the stream unless its dedupe key already exists.
    /// A connection that failed is dropped, and the next call reconnects.
    /// - Throws: ``DestinationError``: `connection_refused`, `timeout`,
    ///   `connection_lost`, `auth_failed` or `protocol`.
    public func publish(_ event: DestinationEvent) throws(DestinationError) -> PublishOutcome {
        let arguments = scriptArguments(for: event)
        return try session.withLock { (session: inout Session?) throws(DestinationError) -> PublishOutcome in
            do throws(DestinationError) {
                if session == nil { session = try connect() }
                guard var current = session else { throw DestinationError(.protocol, "no Redis connection") }
                var reply = try current.connection.command([Array("EVALSHA".utf8), current.scriptSHA] + arguments)
                if case .error(let text) = reply, text.hasPrefix("NOSCRIPT") {
                    // The server lost its script cache (a restart): load it again, once.
                    current.scriptSHA = try Self.loadScript(on: current.connection)
                    session = current
                    reply = try current.connection.command([Array("EVALSHA".utf8), current.scriptSHA] + arguments)
                }
                return try Self.outcome(of: reply)
            } catch {
                if session?.connection.isBroken ?? true { session = nil }
                throw error
            }
        }
    }

    /// Drops the connection; the next publish opens a new one.
    public func disconnect() {
        session.withLock { $0 = nil }
    }

    private func connect() throws(DestinationError) -> Session {
        let connection = try RedisConnection(url, timeouts: timeouts)
        return Session(connection: connection, scriptSHA: try Self.loadScript(on: connection))
    }
}
