import Foundation
import Postgres
import Synchronization

/// Adds a ``RejectionCounter``'s counts to `baton.rejections_hourly` every
/// ``interval``, in one statement per flush, on a thread and connection of
/// its own (started lazily by the first ``start()``). A failed flush puts
/// the counts back for the next one. ``stop()`` flushes a last time, so a
/// server that shuts down cleanly loses nothing.
public final class RejectionFlusher: Sendable {
    /// The counts it flushes.
    public let counter: RejectionCounter
    /// Time between flushes.
    public let interval: Duration
    private let conninfo: String
    private let wake = WakeSignal()
    private let phase = Mutex(Phase.idle)
    private let finished = DispatchSemaphore(value: 0)

    /// A flusher of `counter` into the database at `conninfo`; nothing is opened yet.
    public init(counter: RejectionCounter, conninfo: String, interval: Duration = .seconds(5)) {
        self.counter = counter
        self.conninfo = conninfo
        self.interval = interval
    }

    /// Starts the flushing thread (once; later calls do nothing).
    public func start() {
        let begins = phase.withLock { phase in
            guard phase == .idle else { return false }
            phase = .running
            return true
        }
        guard begins else { return }
        let thread = Thread { [self] in run() }
        thread.name = "baton-rejections"
        thread.start()
    }

    /// Flushes what is pending and stops the thread; later calls do nothing.
    public func stop() {
        let wasRunning = phase.withLock { phase in
            defer { phase = .stopped }
            return phase == .running
        }
        if wasRunning {
            wake.signal()
            finished.wait()
        }
    }

    /// Adds `counter`'s pending counts to the table now, on `connection`.
    /// - Returns: the number of refusals written.
    /// - Throws: `PostgresError`; the counts are then back in `counter`.
    @discardableResult
    public static func flush(_ counter: RejectionCounter, on connection: PostgresConnection) throws(PostgresError) -> Int {
        let entries = counter.drain()
        guard !entries.isEmpty else { return 0 }
        do {
            try connection.query(upsert, [entries.map(\.hourStart), entries.map(\.code.rawValue), entries.map(\.count)])
        } catch {
            counter.add(entries)
            throw error
        }
        return entries.reduce(0) { $0 + $1.count }
    }

    private func run() {
        var connection: PostgresConnection?
        while true {
            wake.wait(interval)
            let stopping = phase.withLock { $0 == .stopped }
            do {
                let open = try connection ?? PostgresConnection(conninfo, connectTimeoutSeconds: 2)
                connection = open
                try Self.flush(counter, on: open)
            } catch {
                connection?.close()
                connection = nil
            }
            if stopping { break }
        }
        connection?.close()
        finished.signal()
    }

    private enum Phase { case idle, running, stopped }

    static let upsert = PostgresStatement(
        name: "rejections_flush",
        sql: """
            INSERT INTO baton.rejections_hourly AS r (hour, code, count)
            SELECT to_timestamp(hour_start), code, count
            FROM unnest($1::int8[], $2::text[], $3::int8[]) AS x(hour_start, code, count)
            ON CONFLICT (hour, code) DO UPDATE SET count = r.count + excluded.count
            """)
}
