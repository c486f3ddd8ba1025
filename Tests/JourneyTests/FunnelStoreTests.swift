import BatonTestSupport
import Foundation
import Postgres
import Testing

@testable import BatonCore
@testable import Journey

@Suite("FunnelStore", .timeLimit(.minutes(10)))
struct FunnelStoreTests {
    /// 2026-11-02T00:00:00Z, a Monday.
    static let monday = Date(timeIntervalSince1970: 1_793_577_600)

    /// A history through the real stores and sweep: 8 invites of `f1`, 3 of
    /// `f2`, previews, redemptions on three channels, two expirations, one
    /// revocation, and refused requests.
    static func scriptedHistory(_ history: FunnelHistory) throws {
        let f1 = try history.create(8, family: "f1")
        let f2 = try history.create(3, family: "f2", maxRedemptions: 2)
        for invite in f1.prefix(5) { try history.preview(invite) }
        try history.preview(f1[0])
        try history.redeem(f1[0], channel: .app)
        try history.redeem(f1[1], channel: .app)
        try history.redeem(f1[2], channel: .clip)
        try history.redeem(f2[0], channel: .backend)
        try history.redeem(f2[0], channel: .web)
        #expect(throws: RedeemError.usedUp) { try history.redeem(f1[0], channel: .app) }
        try history.revoke(f1[3])
        #expect(try history.expireBySweep([f1[6], f2[2]]) == 2)
        let counter = RejectionCounter()
        for code in [RejectionCode.invalidCode, .invalidCode, .inviteExpired, .rateLimited] { counter.record(code) }
        #expect(try FunnelFlusher.flush(counter, on: history.connection) == 4)
    }

    @Test("the funnel of a scripted history equals counts over the invites, redemptions and events tables")
    func scriptedHistoryMatchesTables() throws {
        let history = try FunnelHistory()
        try Self.scriptedHistory(history)
        try FunnelRollup.catchUp(on: history.connection)
        for family in [nil, "f1", "f2"] {
            let query = try JourneyQuery(familyID: family)
            let report = try FunnelStore.report(query, on: history.connection)
            #expect(report.totals.tally.counts == (try history.rawCounts(query)))
            #expect(report.totals.tally.redemptionsByChannel == (try history.rawChannels(query)))
            #expect(report.buckets.count == 8)
            #expect(report.totals.timeToRedeem.count == report.totals.tally.counts.redeemed)
        }
        let all = try FunnelStore.report(JourneyQuery(), on: history.connection)
        #expect(all.totals.tally.counts == FunnelCounts(issued: 11, previewed: 5, redeemed: 5, expired: 2, revoked: 1))
        #expect(all.totals.tally.rejectionsByCode?["invalid_code"] == 2)
        #expect(all.totals.tally.rejectionsByCode?["invite_expired"] == 1)
        #expect(all.totals.tally.rejectionsByCode?["rate_limited"] == 1)
        #expect(all.totals.tally.counts.conversion.redeemedOfIssued == 5.0 / 11.0)
        #expect(try FunnelStore.report(JourneyQuery(familyID: "f1"), on: history.connection).totals.tally.rejectionsByCode == nil)
    }

    @Test("reports read before, during and after the rollup are identical, and equal to raw counts")
    func rollupAndTailAgree() throws {
        let history = try FunnelHistory()
        for day in 0..<10 {
            let created = Self.monday.addingTimeInterval(Double(day) * 86_400 + 3_600)
            try history.insertPast(
                family: "f\(day % 3)", created: created,
                later: [
                    ("invite.previewed", 600, "clip"), ("invite.redeemed", 7_200 * Double(day + 1), day % 2 == 0 ? "app" : "clip"),
                ])
        }
        try Self.scriptedHistory(history)
        let queries = try [
            JourneyQuery(from: Self.monday, to: Self.monday.addingTimeInterval(14 * 86_400), interval: .day),
            JourneyQuery(from: Self.monday, to: Self.monday.addingTimeInterval(3 * 86_400), interval: .hour, familyID: "f1"),
            JourneyQuery(interval: .week),
        ]
        let raw = try queries.map { try FunnelStore.report($0, on: history.connection) }
        try FunnelRollup.step(on: history.connection)
        try FunnelRollup.step(batch: 7, on: history.connection)
        #expect(try queries.map { try FunnelStore.report($0, on: history.connection) } == raw)
        try FunnelRollup.catchUp(batch: 5, on: history.connection)
        let watermark: Int64 = try history.connection.query("SELECT watermark_id FROM baton.funnel_rollup_state")[0].decode(at: 0)
        let newest: Int64 = try history.connection.query("SELECT max(id) FROM baton.events")[0].decode(at: 0)
        #expect(watermark == newest)
        #expect(try queries.map { try FunnelStore.report($0, on: history.connection) } == raw)
        for (query, report) in zip(queries, raw) {
            for (type, count) in [
                ("invite.created", report.totals.tally.counts.issued), ("invite.redeemed", report.totals.tally.counts.redeemed),
            ] {
                #expect(count == (try history.rawCount(type, from: query.from, to: query.to, family: query.familyID)))
            }
        }
    }

    @Test("two rollups racing each other count every event once")
    func concurrentRollups() throws {
        let history = try FunnelHistory()
        try Self.scriptedHistory(history)
        let conninfo = history.db.conninfo
        let group = DispatchGroup()
        for _ in 0..<2 {
            DispatchQueue.global().async(group: group) {
                guard let connection = try? PostgresConnection(conninfo) else { return }
                defer { connection.close() }
                for _ in 0..<20 { _ = try? FunnelRollup.step(batch: 3, on: connection) }
            }
        }
        group.wait()
        try FunnelRollup.catchUp(on: history.connection)
        let counted: Int = try history.connection.query("SELECT sum(count)::bigint FROM baton.funnel_rollup_hourly")[0].decode(at: 0)
        let perFamily: Int = try history.connection.query("SELECT sum(count)::bigint FROM baton.funnel_rollup_family_hourly")[0].decode(
            at: 0)
        let events: Int = try history.connection.query("SELECT count(*) FROM baton.events")[0].decode(at: 0)
        #expect(counted == events && perFamily == events)
    }

    @Test(
        "an event exactly at midnight UTC opens the new day's bucket, whatever the session's time zone",
        arguments: ["UTC", "Asia/Kolkata", "America/St_Johns"])
    func bucketEdges(timeZone: String) throws {
        let history = try FunnelHistory()
        let edge = Self.monday
        try history.insertPast(family: "f", created: edge)
        try history.insertPast(family: "f", created: edge.addingTimeInterval(-0.000_001))
        try history.insertPast(family: "f", created: edge.addingTimeInterval(86_400 - 0.5))
        try history.connection.query("SET TimeZone = '\(timeZone)'")
        for rolled in [false, true] {
            if rolled { try FunnelRollup.catchUp(on: history.connection) }
            let daily = try FunnelStore.report(
                JourneyQuery(from: edge.addingTimeInterval(-86_400), to: edge.addingTimeInterval(2 * 86_400), interval: .day),
                on: history.connection)
            #expect(daily.buckets.map(\.tally.counts.issued) == [1, 2, 0])
            #expect(daily.buckets[1].start == edge)
            let hourly = try FunnelStore.report(
                JourneyQuery(from: edge.addingTimeInterval(-3_600), to: edge.addingTimeInterval(3_600), interval: .hour),
                on: history.connection)
            #expect(hourly.buckets.map(\.tally.counts.issued) == [1, 1])
        }
    }

    @Test("week buckets are ISO weeks: Monday 00:00 UTC to the next Monday")
    func isoWeeks() throws {
        let history = try FunnelHistory()
        let sunday = Self.monday.addingTimeInterval(-1)
        try history.insertPast(family: "f", created: sunday)
        try history.insertPast(family: "f", created: Self.monday)
        try history.insertPast(family: "f", created: Self.monday.addingTimeInterval(6 * 86_400 + 86_399))
        let query = try JourneyQuery(
            from: Self.monday.addingTimeInterval(-3 * 86_400), to: Self.monday.addingTimeInterval(86_400), interval: .week)
        #expect(query.from == Self.monday.addingTimeInterval(-7 * 86_400))
        #expect(query.to == Self.monday.addingTimeInterval(7 * 86_400))
        let report = try FunnelStore.report(query, on: history.connection)
        #expect(report.buckets.map(\.tally.counts.issued) == [1, 2])
    }

    @Test("time-to-redeem percentiles are within 4.5 % of the exact ones, from rollup and tail alike")
    func percentiles() throws {
        let history = try FunnelHistory()
        for minute in 1...200 {
            try history.insertPast(family: "f", created: Self.monday, later: [("invite.redeemed", Double(minute * minute) * 7, "app")])
        }
        let query = try JourneyQuery(from: Self.monday, to: Self.monday.addingTimeInterval(300 * 86_400), interval: .week)
        let exact = try history.connection.query(
            """
            SELECT percentile_disc(ARRAY[0.5, 0.9, 0.99]) WITHIN GROUP (ORDER BY extract(epoch FROM e.occurred_at - i.created_at))::float8[]::text
            FROM baton.events e JOIN baton.invites i ON i.id = e.invite_id WHERE e.type = 'invite.redeemed'
            """)[0].decode(String.self, at: 0)
        let values = exact.trimmingCharacters(in: CharacterSet(charactersIn: "{}")).split(separator: ",").compactMap { Double($0) }
        for rolled in [false, true] {
            if rolled { try FunnelRollup.catchUp(on: history.connection) }
            let time = try FunnelStore.report(query, on: history.connection).totals.timeToRedeem
            #expect(time.count == 200)
            for (measured, truth) in zip([time.p50Seconds, time.p90Seconds, time.p99Seconds], values) {
                #expect(abs((measured ?? 0) - truth) / truth < 0.045)
            }
            #expect(time.histogram.map(\.count).reduce(0, +) == 200)
        }
    }

    @Test("the BI views funnel_daily and rejections_daily agree with the report, before and after the rollup")
    func views() throws {
        let history = try FunnelHistory()
        try Self.scriptedHistory(history)
        let query = try JourneyQuery(interval: .day)
        for rolled in [false, true] {
            if rolled { try FunnelRollup.catchUp(on: history.connection) }
            let report = try FunnelStore.report(query, on: history.connection)
            let row = try history.connection.query(
                """
                SELECT sum(issued)::bigint, sum(previewed)::bigint, sum(redeemed)::bigint, sum(expired)::bigint, sum(revoked)::bigint,
                       sum(redeemed_app)::bigint, (SELECT sum(count)::bigint FROM baton.rejections_daily)
                FROM baton.funnel_daily WHERE day >= ($1::timestamptz AT TIME ZONE 'UTC')::date AND day < ($2::timestamptz AT TIME ZONE 'UTC')::date
                """, [query.from, query.to])[0]
            let counts = report.totals.tally.counts
            #expect(
                try (0..<5).map { try row.decode(Int.self, at: $0) } == [
                    counts.issued, counts.previewed, counts.redeemed, counts.expired, counts.revoked,
                ])
            #expect(try row.decode(Int.self, at: 5) == report.totals.tally.redemptionsByChannel["app"])
            #expect(try row.decode(Int.self, at: 6) == report.totals.tally.rejectionsByCode?.values.reduce(0, +))
        }
    }

    @Test("the report statements label their rows with exactly the kinds the reader decodes")
    func rowKindsMatchTheStatement() {
        let kinds = { (statement: PostgresStatement) in Set(statement.sql.matches(of: #/SELECT '([a-z]+)'/#).map { String($0.1) }) }
        #expect(kinds(FunnelStore.allFamilies) == Set(FunnelStore.RowKind.allCases.map(\.rawValue)))
        #expect(kinds(FunnelStore.oneFamily) == [FunnelStore.RowKind.count.rawValue, FunnelStore.RowKind.latency.rawValue])
    }

    @Test("a report row of an unknown kind is decoding_unknown_value")
    func unknownRowKindIsTyped() throws {
        let connection = try PostgresConnection(TestPostgres.shared.makeDatabase())
        let row = try connection.query("SELECT 'counts' AS kind")[0]
        #expect(throws: PostgresError(.decodingUnknownValue, column: "kind")) { try row.decode(FunnelStore.RowKind.self, "kind") }
    }
}
