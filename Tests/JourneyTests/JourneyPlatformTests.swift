import BatonTestSupport
import Foundation
import Postgres
import Testing

@testable import BatonCore
@testable import Journey

@Suite("The journey's platform", .timeLimit(.minutes(10)))
struct JourneyPlatformTests {
    /// Six invites of f1: three opened first on iOS (one of them later on
    /// Android, by another server), one on Android, one on a desktop, one
    /// never opened; a1 and d1 are redeemed.
    static func openedHistory(_ history: FunnelHistory) throws -> [String: CreatedInvite] {
        let created = try history.create(6, family: "f1")
        let invites = Dictionary(uniqueKeysWithValues: zip(["a1", "a2", "a3", "b1", "d1", "n1"], created).map { ($0, $1) })
        let servers = [StageMarks(), StageMarks()]
        let opens: [(server: Int, name: String, platform: JourneyPlatform)] = [
            (0, "a1", .ios), (0, "a2", .ios), (0, "a3", .ios), (1, "b1", .android), (1, "d1", .desktop), (0, "a1", .android),
        ]
        for open in opens { servers[open.server].mark(invites[open.name]!.invite.id, .linkOpened, platform: open.platform) }
        for server in servers { try FunnelFlusher.flush(server, on: history.connection) }
        servers[1].mark(invites["a1"]!.invite.id, .linkOpened, platform: .android)
        try FunnelFlusher.flush(servers[1], on: history.connection)
        try history.redeem(invites["a1"]!, channel: .app)
        try history.redeem(invites["d1"]!, channel: .web)
        return invites
    }

    static func platform(of invite: CreatedInvite, on connection: PostgresConnection) throws -> String? {
        let rows = try connection.query(
            "SELECT platform FROM baton.invite_stages WHERE invite_id = $1 AND stage = 'link_opened'", [invite.invite.id])
        guard let row = rows.first else { return nil }
        return try row.decode(String?.self, "platform")
    }

    @Test("a later open on another platform, by the same or another server, keeps the first open's platform")
    func firstOpenWins() throws {
        let history = try FunnelHistory()
        let invites = try Self.openedHistory(history)
        #expect(try Self.platform(of: invites["a1"]!, on: history.connection) == "ios")
        #expect(try Self.platform(of: invites["b1"]!, on: history.connection) == "android")
        #expect(try Self.platform(of: invites["n1"]!, on: history.connection) == nil)
    }

    @Test("two servers' concurrent first opens of the same invites on different platforms keep exactly one each")
    func racingFirstOpens() throws {
        let history = try FunnelHistory()
        let created = try history.create(200, family: "f1").map(\.invite.id)
        for round in 0..<5 {
            let servers = [JourneyPlatform.ios, .android].map { platform in
                let marks = StageMarks()
                for invite in created[(round * 40)..<(round * 40 + 40)] { marks.mark(invite, .linkOpened, platform: platform) }
                return marks
            }
            let failures = history.concurrently(servers.count) { server, connection in
                try FunnelFlusher.flush(servers[server], on: connection)
            }
            #expect(failures == 0, "no flush failed (no deadlock between the two)")
        }
        let rows = try history.connection.query(
            """
            SELECT count(*)::int8 AS rows, count(DISTINCT invite_id)::int8 AS invites,
                   count(*) FILTER (WHERE platform IN ('ios', 'android'))::int8 AS kept
            FROM baton.invite_stages WHERE stage = 'link_opened'
            """)[0]
        #expect(try rows.decode(Int.self, "rows") == 200)
        #expect(try rows.decode(Int.self, "invites") == 200)
        #expect(try rows.decode(Int.self, "kept") == 200)
        var query = try JourneyQuery(groupBy: .platform)
        query.top = 5
        let groups = try JourneyStore.groups(query, on: history.connection)
        #expect(groups.map { $0.totals.stages[.linkOpened] ?? 0 }.reduce(0, +) == 200)
        #expect(Set(groups.compactMap(\.key)).isSubset(of: ["ios", "android"]))
    }

    @Test("marks of other stages carry no platform, and a failed flush puts the platform back with its mark")
    func marksCarryThePlatform() {
        let marks = StageMarks()
        let invite = UUID()
        marks.mark(invite, .linkOpened, platform: .desktop)
        marks.mark(invite, .linkOpened, platform: .ios)
        marks.mark(invite, .appPresented, platform: .ios)
        let drained = marks.drain().sorted { $0.stage.rawValue < $1.stage.rawValue }
        #expect(drained.map(\.platform) == [nil, .desktop])
        marks.restore(drained)
        #expect(marks.drain().sorted { $0.stage.rawValue < $1.stage.rawValue } == drained)
    }

    @Test("split by platform, each source's groups add up to the same source's groups, past the watermark and rolled up")
    func splitsAddUp() throws {
        let history = try FunnelHistory()
        let invites = try JourneyStoreTests.scriptedHistory(history)
        let marks = StageMarks()
        for (name, platform) in [("a3", JourneyPlatform.android), ("b2", .desktop), ("c1", .ios)] {
            marks.mark(invites[name]!.invite.id, .linkOpened, platform: platform)
        }
        try FunnelFlusher.flush(marks, on: history.connection)
        for rolledUp in [false, true] {
            if rolledUp { try JourneyRollup.catchUp(on: history.connection) }
            for view in FunnelView.allCases {
                var query = try JourneyQuery(groupBy: .source, view: view)
                query.top = 1
                let whole = try JourneyStore.groups(query, on: history.connection)
                let splits = try JourneyStore.groupsByPlatform(query, on: history.connection)
                #expect(Set(splits.keys) == [nil, .android, .ios, .desktop], "a1, a2 and b1 were opened with no platform")
                var summed: [String: [InviteStage: Int]] = [:]
                for group in splits.values.joined() {
                    let name = group.isOther ? "(other)" : group.key ?? "(none)"
                    summed[name, default: [:]].merge(group.totals.stages, uniquingKeysWith: +)
                }
                let expected = Dictionary(
                    uniqueKeysWithValues: whole.map { ($0.isOther ? "(other)" : $0.key ?? "(none)", $0.totals.stages) })
                #expect(summed.mapValues { $0.filter { $0.value != 0 } } == expected.mapValues { $0.filter { $0.value != 0 } }, "\(view)")
            }
        }
    }

    @Test(
        "the funnel by platform counts each invite under its first open's platform, never-opened ones under none, in every shape",
        arguments: FunnelView.allCases)
    func groupedByPlatform(view: FunnelView) throws {
        let history = try FunnelHistory()
        _ = try Self.openedHistory(history)
        for rolledUp in [false, true] {
            if rolledUp { try JourneyRollup.catchUp(on: history.connection) }
            for family in [nil, "f1"] {
                let report = try JourneyStore.report(JourneyQuery(familyID: family, groupBy: .platform, view: view), on: history.connection)
                let counts = Dictionary(uniqueKeysWithValues: report.groups.map { ($0.key, $0.totals.stages) })
                let shape = "rolled up: \(rolledUp), family: \(family ?? "all")"
                #expect(report.groups.map(\.key) == ["ios", "desktop", "android", nil], "\(shape)")
                #expect(counts["ios"]?[.issued] == 3 && counts["ios"]?[.linkOpened] == 3 && counts["ios"]?[.redeemed] == 1, "\(shape)")
                #expect(counts["android"]?[.linkOpened] == 1 && counts["android"]?[.redeemed] == 0, "\(shape)")
                #expect(counts["desktop"]?[.linkOpened] == 1 && counts["desktop"]?[.redeemed] == 1, "\(shape)")
                #expect(counts[nil]?[.issued] == 1 && counts[nil]?[.linkOpened] == 0, "\(shape)")
            }
        }
    }
}
