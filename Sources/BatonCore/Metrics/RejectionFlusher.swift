import BackgroundServices
import Postgres

/// Adds a ``RejectionCounter``'s counts to `baton.rejections_hourly` every
/// ``interval``, in one statement per flush, on a thread and connection of
/// its own (a `BackgroundService`, started by ``start()``). A failed flush
/// puts the counts back for the next one, after a reconnect. ``stop()``
/// flushes a last time, so a server that shuts down cleanly loses nothing.
public final class RejectionFlusher: Sendable {
    /// The counts it flushes.
    public let counter: RejectionCounter
    /// Time between flushes.
    public var interval: Duration { loop.interval }
    private let loop: BackgroundFlusher

    /// A flusher of `counter` into the database at `conninfo`; nothing is opened yet.
    public init(counter: RejectionCounter, conninfo: String, interval: Duration = .seconds(5)) {
        self.counter = counter
        self.loop = BackgroundFlusher(name: "baton-rejection", conninfo: conninfo, interval: interval) { connection in
            try Self.flush(counter, on: connection)
        }
    }

    /// Starts the flushing thread (once; later calls do nothing).
    public func start() {
        loop.start()
    }

    /// Flushes what is pending and stops the thread; later calls do nothing.
    public func stop() {
        loop.stop()
    }

    /// Adds `counter`'s pending counts to the table now, on `connection`.
    /// - Returns: the number of refusals written.
    /// - Throws: `PostgresError`; the counts are then back in `counter`.
    @discardableResult
    public static func flush(_ counter: RejectionCounter, on connection: PostgresConnection) throws(PostgresError) -> Int {
        try counter.flush(with: upsert, on: connection)
    }

    static let upsert = PostgresStatement(
        name: "rejections_flush",
        sql: """
            INSERT INTO baton.rejections_hourly AS r (hour, code, count)
            SELECT to_timestamp(hour_start), code, count
            FROM unnest($1::int8[], $2::text[], $3::int8[]) AS x(hour_start, code, count)
            ON CONFLICT (hour, code) DO UPDATE SET count = r.count + excluded.count
            """)
}
