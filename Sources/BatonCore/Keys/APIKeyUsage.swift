import BackgroundServices
import Foundation
import Locking
import Postgres

/// Keeps `api_keys.last_used_at` current, written at most once per
/// ``writeInterval`` per key and off the request path.
///
/// A request only marks its key in memory (one small `SleepingLock`, which
/// every API-key request takes); a thread of
/// its own writes the marked keys in one statement soon after (see
/// `BackgroundFlusher`), so no request waits for that write. A key used
/// again within the interval is not marked again, so a busy key costs one
/// write a minute, not one per request. Migration 0011 keeps such writes
/// from announcing a key change, which would empty every server's
/// `APIKeyCache` entry for the key each time. A failed write keeps its
/// marks for the next flush; marks not yet written when the process dies
/// are lost, and `last_used_at` is then up to a minute old.
public final class APIKeyUsage: LifecycleService {
    /// The least time between two writes of one key's `last_used_at`.
    public static let writeInterval: Duration = .seconds(60)

    private let marks: SleepingLock<APIKeyUsageMarks>
    private let loop: BackgroundFlusher

    /// Usage written into the database at `conninfo` once ``start()`` ran.
    public init(conninfo: String) {
        let marks = SleepingLock(APIKeyUsageMarks(interval: Self.writeInterval))
        self.marks = marks
        loop = BackgroundFlusher(name: "baton-key-usage", conninfo: conninfo, interval: Self.writeInterval) { connection in
            try Self.write(marks, on: connection)
        }
    }

    /// Starts the writing thread (once; later calls do nothing).
    public func start() {
        loop.start()
    }

    /// Writes what is marked and stops the thread; later calls do nothing.
    public func stop() {
        loop.stop()
    }

    /// Marks the key `id` as used at `date`; wakes the writer when the key
    /// was not written within the interval. Marks made before ``start()``
    /// wait for it.
    public func record(_ id: UUID, at date: Date = Date()) {
        let due = marks.withLock { $0.mark(id, at: date, now: .now) }
        if due { loop.signal() }
    }

    /// Writes the marked keys' times in one statement; on failure the marks are kept.
    private static func write(_ marks: SleepingLock<APIKeyUsageMarks>, on connection: PostgresConnection) throws {
        let pending = marks.withLock { $0.drain(now: .now) }
        guard !pending.isEmpty else { return }
        do {
            let keys = Array(pending)
            try connection.query(update, [keys.map(\.key), keys.map(\.value)])
        } catch {
            marks.withLock { $0.restore(pending) }
            throw error
        }
    }

    static let update = PostgresStatement(
        name: "api_keys_last_used",
        sql: """
            UPDATE baton.api_keys AS k SET last_used_at = greatest(k.last_used_at, u.used_at)
            FROM unnest($1::uuid[], $2::timestamptz[]) AS u(id, used_at)
            WHERE k.id = u.id
            """)
}
