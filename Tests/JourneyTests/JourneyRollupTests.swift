import BatonTestSupport
import Foundation
import Postgres
import Testing

@testable import BatonCore
@testable import Journey

@Suite("JourneyRollup", .timeLimit(.minutes(10)))
struct JourneyRollupTests {
    /// Every view and grouping, for all families and for f1.
    static func shapes() throws -> [JourneyQuery] {
        try FunnelView.allCases.flatMap { view in
            try ([nil] + FunnelGrouping.allCases).flatMap { grouping in
                [
                    try JourneyQuery(interval: .hour, groupBy: grouping, view: view),
                    try JourneyQuery(interval: .hour, familyID: "f1", groupBy: grouping, view: view),
                ]
            }
        }
    }

    static func reports(on connection: PostgresConnection) throws -> [JourneyReport] {
        try shapes().map { try JourneyStore.report($0, on: connection) }
    }

    static func changesLeft(on connection: PostgresConnection) throws -> Int {
        try connection.query("SELECT count(*)::int8 FROM baton.journey_changes")[0].decode(at: 0)
    }

    @Test("every report is the same whether its invites are rolled up or read past the watermark, step by step")
    func rolledUpEqualsTail() throws {
        let history = try FunnelHistory()
        _ = try JourneyStoreTests.scriptedHistory(history)
        let unrolled = try Self.reports(on: history.connection)
        #expect(unrolled[0].totals.stages[.issued] == 6)
        let deadline = Date().addingTimeInterval(20)
        while try Self.changesLeft(on: history.connection) > 0, Date() < deadline {
            if try JourneyRollup.step(batch: 3, on: history.connection) == 0 { Thread.sleep(forTimeInterval: 0.01) }
            #expect(try Self.reports(on: history.connection) == unrolled)
        }
        #expect(try Self.changesLeft(on: history.connection) == 0)
        let rolled: Int = try history.connection.query("SELECT count(*)::int8 FROM baton.journey_rolled_invites")[0].decode(at: 0)
        #expect(rolled == 6)
        let flow: Int = try history.connection.query(
            "SELECT sum(ever)::int8 FROM baton.journey_rollup_hourly WHERE view = 'flow'")[0].decode(at: 0)
        #expect(flow == 19, "every stage row, counted once in the rollup itself")
    }

    @Test("the groups alone equal the report's groups for every shape, past the watermark and rolled up")
    func groupsEqualReport() throws {
        let history = try FunnelHistory()
        _ = try JourneyStoreTests.scriptedHistory(history)
        for rolledUp in [false, true] {
            if rolledUp { try JourneyRollup.catchUp(on: history.connection) }
            for shape in try Self.shapes() {
                let groups = try JourneyStore.groups(shape, on: history.connection)
                #expect(groups == (try JourneyStore.report(shape, on: history.connection).groups), "\(shape)")
                #expect(groups.contains { $0.totals.stages[.issued] ?? 0 > 0 }, "\(shape) counts the scripted invites")
            }
        }
    }

    @Test("a stage reached days after issue, or moved earlier, changes its issue hour's cohort row when rolled up")
    func lateStage() throws {
        let history = try FunnelHistory()
        let created = Date(timeIntervalSince1970: 1_793_577_600)
        try history.insertPast(family: "f3", created: created, later: [("invite.previewed", 7_200, "clip")])
        try JourneyRollup.catchUp(on: history.connection)
        let id: UUID = try history.connection.query("SELECT id FROM baton.invites WHERE family_id = 'f3'")[0].decode(at: 0)
        try history.insertEvent("invite.redeemed", invite: id, family: "f3", at: created.addingTimeInterval(3 * 86_400), channel: "app")
        try history.insertEvent("invite.previewed", invite: id, family: "f3", at: created.addingTimeInterval(1_800), channel: "clip")
        let cohort = try JourneyQuery(from: created, to: created.addingTimeInterval(86_400), view: .cohort)
        let tail = try JourneyStore.report(cohort, on: history.connection)
        #expect(tail.totals.reached?[.clipOpened] == StageReach(within1h: 1, within1d: 1, within7d: 1, ever: 1))
        #expect(tail.totals.reached?[.redeemed] == StageReach(within1h: 0, within1d: 0, within7d: 1, ever: 1))
        try JourneyRollup.catchUp(on: history.connection)
        #expect(try JourneyStore.report(cohort, on: history.connection) == tail)
        let row = try history.connection.query(
            "SELECT within_7d, ever FROM baton.journey_rollup_hourly WHERE view = 'cohort' AND hour = $1 AND stage = 'redeemed'",
            [created])
        #expect(try row.map { [try $0.decode(Int.self, at: 0), try $0.decode(Int.self, at: 1)] } == [[1, 1]])
        let redeemed = try #require(tail.timesBetweenStages.first { $0.from == .issued && $0.to == .redeemed })
        #expect(redeemed.count == 1)
        #expect(abs((redeemed.p50Seconds ?? 0) / 259_200 - 1) < 0.045, "a bin's middle, within the bin error")
        let flow = try JourneyStore.report(
            JourneyQuery(from: created.addingTimeInterval(3 * 86_400), to: created.addingTimeInterval(4 * 86_400)), on: history.connection)
        #expect(flow.totals.stages[.redeemed] == 1)
    }

    @Test("erasing a rolled-up family subtracts its invites under the attribution they were counted under")
    func erasure() throws {
        let history = try FunnelHistory()
        _ = try JourneyStoreTests.scriptedHistory(history)
        try JourneyRollup.catchUp(on: history.connection)
        let eraser = FamilyEraser(secret: Array(repeating: 7, count: 32), webhookMaxAttempts: 1)
        _ = try eraser.erase(familyID: "f1", on: history.connection)
        for rolledUp in [false, true] {
            if rolledUp { try JourneyRollup.catchUp(on: history.connection) }
            let left = JourneyStoreTests.counts(issued: 1, clipOpened: 1)
            #expect(try JourneyStore.report(JourneyQuery(), on: history.connection).totals.stages == left)
            #expect(try JourneyStore.report(JourneyQuery(view: .cohort), on: history.connection).totals.stages == left)
            #expect(try JourneyStore.groups(JourneyQuery(groupBy: .family), on: history.connection).map(\.key) == ["f2"])
            #expect(try JourneyStore.groups(JourneyQuery(groupBy: .source), on: history.connection).map(\.key) == [nil])
            #expect(
                try JourneyStore.report(JourneyQuery(familyID: "f1"), on: history.connection).totals.stages
                    == JourneyStoreTests.counts(issued: 0))
        }
        let rolled: Int = try history.connection.query("SELECT count(*)::int8 FROM baton.journey_rolled_invites")[0].decode(at: 0)
        #expect(rolled == 1)
    }
}
