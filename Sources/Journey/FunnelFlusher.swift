import BackgroundServices
import BatonCore
import Foundation
import Postgres

/// Writes what the request path counts for the funnel in memory: a
/// ``RejectionCounter``'s refusals into `baton.rejections_hourly`, and a
/// ``StageMarks``' first marks into `baton.invite_stages` and its views into
/// `baton.stage_views_hourly`. Every ``interval`` on one thread and one
/// connection of its own (each API server holds one connection for both, not
/// one per kind). A failed flush puts what it held back for the next one,
/// after a reconnect; ``stop()`` flushes a last time, so a server that shuts
/// down cleanly loses nothing.
public final class FunnelFlusher: LifecycleService {
    /// The refusals it flushes.
    public let rejections: RejectionCounter
    /// The journey marks and views it flushes.
    public let marks: StageMarks
    /// Time between flushes.
    public var interval: Duration { loop.interval }
    private let loop: BackgroundFlusher

    /// A flusher of `rejections` and `marks` into the database at `conninfo`;
    /// nothing is opened yet.
    public init(rejections: RejectionCounter, marks: StageMarks, conninfo: String, interval: Duration = .seconds(5)) {
        self.rejections = rejections
        self.marks = marks
        self.loop = BackgroundFlusher(name: "baton-funnel", conninfo: conninfo, interval: interval) { connection in
            // Both kinds are tried whatever the other's outcome; the first failure reconnects.
            let refusals = Result { () throws(PostgresError) in try Self.flush(rejections, on: connection) }
            let stages = Result { () throws(PostgresError) in try Self.flush(marks, on: connection) }
            _ = try refusals.get()
            _ = try stages.get()
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

    /// Adds `counter`'s pending counts to `baton.rejections_hourly` now, on `connection`.
    /// - Returns: the number of refusals written.
    /// - Throws: `PostgresError`; the counts are then back in `counter`.
    @discardableResult
    public static func flush(_ counter: RejectionCounter, on connection: PostgresConnection) throws(PostgresError) -> Int {
        try counter.flush(with: upsertRejections, on: connection)
    }

    /// Writes `marks`' pending marks and views now, on `connection`. A mark
    /// of an invite that no longer exists is skipped; one already in the
    /// table is kept as it was (the first written wins, with its platform:
    /// of two servers' first opens of one invite, the one flushed first).
    /// - Returns: the number of marks and of views written.
    /// - Throws: `PostgresError`; what was not written is then back in `marks`.
    @discardableResult
    public static func flush(_ marks: StageMarks, on connection: PostgresConnection) throws(PostgresError) -> (marks: Int, views: Int) {
        let pending = marks.drain()
        if !pending.isEmpty {
            do {
                try connection.query(
                    insertMarks,
                    [
                        pending.map(\.invite), pending.map(\.stage.rawValue), pending.map(\.at.timeIntervalSince1970),
                        pending.map(\.platform?.rawValue),
                    ])
            } catch {
                marks.restore(pending)
                throw error
            }
        }
        return (pending.count, try marks.views.flush(with: upsertViews, on: connection))
    }

    static let upsertRejections = RejectionCounter.upsert(name: "rejections_flush", table: "baton.rejections_hourly", labelColumn: "code")

    /// The platform rides in the `link_opened` row itself (0041): the same
    /// one statement per flush, one more array, and `ON CONFLICT DO NOTHING`
    /// keeps the first row's platform with its time, so no later open and
    /// no racing server can change it. Rows go in in key order: two servers
    /// flushing first opens of the same invites then wait on each other's
    /// rows in one order, never in a cycle (a deadlock, which would abort a
    /// flush).
    static let insertMarks = PostgresStatement(
        name: "invite_stages_flush",
        sql: """
            INSERT INTO baton.invite_stages (invite_id, stage, first_at, platform)
            SELECT x.invite_id, x.stage, to_timestamp(x.seconds), x.platform
            FROM unnest($1::uuid[], $2::text[], $3::float8[], $4::text[]) AS x(invite_id, stage, seconds, platform)
            WHERE EXISTS (SELECT 1 FROM baton.invites i WHERE i.id = x.invite_id AND i.erased_at IS NULL)
            ORDER BY x.invite_id, x.stage
            ON CONFLICT (invite_id, stage) DO NOTHING
            """)

    static let upsertViews = HourlyCounter<StageView>.upsert(
        name: "stage_views_flush", table: "baton.stage_views_hourly", labelColumn: "view")
}
