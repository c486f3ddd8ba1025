import BatonCore
import Foundation
import Journey
import Postgres
import Testing

@Suite("FamilyActivity", .timeLimit(.minutes(10)))
struct FamilyActivityTests {
    /// Invites of three families with redemptions; `f3` only in the live tail when `rolledUp` is false.
    static func history(rolledUp: Bool) throws -> FunnelHistory {
        let history = try FunnelHistory()
        let f1 = try history.create(4, family: "f1")
        let f2 = try history.create(2, family: "f2", maxRedemptions: 2)
        try history.redeem(f1[0], channel: .app)
        try history.redeem(f2[0], channel: .clip)
        try history.redeem(f2[0], channel: .web)
        if rolledUp { try FunnelRollup.catchUp(on: history.connection) }
        _ = try history.create(2, family: "f3")
        return history
    }

    @Test("the busiest families equal counts over the tables, whether or not the rollup caught up", arguments: [false, true])
    func topFamiliesMatchTables(rolledUp: Bool) throws {
        let history = try Self.history(rolledUp: rolledUp)
        let top = try FamilyActivity.top(try JourneyQuery(), on: history.connection)
        #expect(
            top == [
                FamilyActivity(familyID: "f1", familyName: "Family f1", issued: 4, redeemed: 1),
                FamilyActivity(familyID: "f2", familyName: "Family f2", issued: 2, redeemed: 2),
                FamilyActivity(familyID: "f3", familyName: "Family f3", issued: 2, redeemed: 0),
            ])
    }

    @Test("a family query and a limit narrow the list")
    func familyAndLimit() throws {
        let history = try Self.history(rolledUp: true)
        #expect(try FamilyActivity.top(try JourneyQuery(familyID: "f2"), on: history.connection).map(\.familyID) == ["f2"])
        #expect(try FamilyActivity.top(try JourneyQuery(), limit: 1, on: history.connection).map(\.familyID) == ["f1"])
        let past = try JourneyQuery(from: Date(timeIntervalSince1970: 0), to: Date(timeIntervalSince1970: 86_400 * 30), interval: .week)
        #expect(try FamilyActivity.top(past, on: history.connection).isEmpty)
    }
}
