import Foundation
import Postgres

/// Writes a ``StageMarks``' first marks to `baton.invite_stages` and its
/// views to `baton.stage_views_hourly` every ``interval``, two statements per
/// flush, on a thread and connection of its own (as ``RejectionFlusher``
/// does). A failed flush puts the marks and counts back for the next one.
/// ``stop()`` flushes a last time.
public final class StageFlusher: Sendable {
    /// What it flushes.
    public let marks: StageMarks
    /// Time between flushes.
    public var interval: Duration { loop.interval }
    private let loop: BackgroundFlusher

    /// A flusher of `marks` into the database at `conninfo`; nothing is opened yet.
    public init(marks: StageMarks, conninfo: String, interval: Duration = .seconds(5)) {
        self.marks = marks
        self.loop = BackgroundFlusher(name: "baton-stages", conninfo: conninfo, interval: interval) { connection in
            try Self.flush(marks, on: connection)
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

    /// Writes `marks`' pending marks and views now, on `connection`. A mark
    /// of an invite that no longer exists is skipped; one already in the
    /// table is kept as it was (the first time wins).
    /// - Returns: the number of marks and of views written.
    /// - Throws: `PostgresError`; what was not written is then back in `marks`.
    @discardableResult
    public static func flush(_ marks: StageMarks, on connection: PostgresConnection) throws(PostgresError) -> (marks: Int, views: Int) {
        let pending = marks.drain()
        if !pending.isEmpty {
            do {
                try connection.query(
                    insertMarks, [pending.map(\.invite), pending.map(\.stage.rawValue), pending.map(\.at.timeIntervalSince1970)])
            } catch {
                marks.restore(pending)
                throw error
            }
        }
        return (pending.count, try marks.views.flush(with: upsertViews, on: connection))
    }

    static let insertMarks = PostgresStatement(
        name: "invite_stages_flush",
        sql: """
            INSERT INTO baton.invite_stages (invite_id, stage, first_at)
            SELECT x.invite_id, x.stage, to_timestamp(x.seconds)
            FROM unnest($1::uuid[], $2::text[], $3::float8[]) AS x(invite_id, stage, seconds)
            WHERE EXISTS (SELECT 1 FROM baton.invites i WHERE i.id = x.invite_id AND i.erased_at IS NULL)
            ON CONFLICT (invite_id, stage) DO NOTHING
            """)

    static let upsertViews = PostgresStatement(
        name: "stage_views_flush",
        sql: """
            INSERT INTO baton.stage_views_hourly AS v (hour, view, count)
            SELECT to_timestamp(hour_start), view, count
            FROM unnest($1::int8[], $2::text[], $3::int8[]) AS x(hour_start, view, count)
            ON CONFLICT (hour, view) DO UPDATE SET count = v.count + excluded.count
            """)
}
