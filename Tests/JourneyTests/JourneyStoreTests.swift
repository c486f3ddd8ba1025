import BatonTestSupport
import Foundation
import Postgres
import Testing

@testable import BatonCore
@testable import Journey

@Suite("JourneyStore", .timeLimit(.minutes(10)))
struct JourneyStoreTests {
    /// Invites through the real stores: three by `sms` (campaign `winter`,
    /// family f1), two by `email` (f1), one without a source (f2); landing
    /// opens and app presentations marked as the API servers mark them
    /// (twice, by two servers, for a1), clip previews, two redemptions, a
    /// revocation and an expiry by the sweep.
    static func scriptedHistory(_ history: FunnelHistory) throws -> [String: CreatedInvite] {
        func make(_ name: String, family: String, source: String?, campaign: String?) throws -> (String, CreatedInvite) {
            let draft = InviteDraft(
                familyID: family, familyName: "Family \(family)", inviterID: "u-\(family)", source: source, campaign: campaign)
            return (
                name, try history.connection.transaction { try history.invites.create([try NewInvite(draft)], createdBy: nil, on: $0) }[0]
            )
        }
        let invites = Dictionary(
            uniqueKeysWithValues: [
                try make("a1", family: "f1", source: "sms", campaign: "winter"),
                try make("a2", family: "f1", source: "sms", campaign: "winter"),
                try make("a3", family: "f1", source: "sms", campaign: "winter"),
                try make("b1", family: "f1", source: "email", campaign: nil),
                try make("b2", family: "f1", source: "email", campaign: nil), try make("c1", family: "f2", source: nil, campaign: nil),
            ])
        let servers = [StageMarks(), StageMarks()]
        for (server, name) in [(0, "a1"), (1, "a1"), (0, "a2"), (1, "b1"), (0, "a1")] {
            servers[server].mark(invites[name]!.invite.id, .linkOpened)
        }
        for server in servers { try FunnelFlusher.flush(server, on: history.connection) }
        for name in ["a1", "a2", "b1", "c1", "c1"] { try history.preview(invites[name]!) }
        for name in ["a1", "b1"] { servers[1].mark(invites[name]!.invite.id, .appPresented) }
        try FunnelFlusher.flush(servers[1], on: history.connection)
        try history.redeem(invites["a1"]!, channel: .app)
        try history.redeem(invites["b1"]!, channel: .web)
        try history.revoke(invites["a3"]!)
        #expect(try history.expireBySweep([invites["b2"]!]) == 1)
        return invites
    }

    static func stages(_ tally: JourneyTally) -> [InviteStage: Int] { tally.stages }

    static func counts(
        issued: Int, linkOpened: Int = 0, clipOpened: Int = 0, appPresented: Int = 0, redeemed: Int = 0, expired: Int = 0, revoked: Int = 0
    ) -> [InviteStage: Int] {
        [
            .issued: issued, .linkOpened: linkOpened, .clipOpened: clipOpened, .appPresented: appPresented, .redeemed: redeemed,
            .expired: expired, .revoked: revoked,
        ]
    }

    @Test("the flow of a scripted history counts each stage once per invite, exactly, and by source")
    func flow() throws {
        let history = try FunnelHistory()
        _ = try Self.scriptedHistory(history)
        let all = try JourneyStore.report(JourneyQuery(), on: history.connection)
        let expected = Self.counts(issued: 6, linkOpened: 3, clipOpened: 4, appPresented: 2, redeemed: 2, expired: 1, revoked: 1)
        #expect(all.totals.stages == expected)
        #expect(all.groups.map(\.key) == [nil])
        #expect(all.totals.reached == nil)
        #expect(all.views == [.linkOpened: 0, .linkPreviewed: 0, .clipOpened: 0], "views are counted by the routes, none here")

        let bySource = try JourneyStore.report(JourneyQuery(groupBy: .source), on: history.connection)
        #expect(bySource.groups.map(\.key) == ["sms", "email", nil])
        #expect(
            bySource.groups.map(\.totals.stages) == [
                Self.counts(issued: 3, linkOpened: 2, clipOpened: 2, appPresented: 1, redeemed: 1, revoked: 1),
                Self.counts(issued: 2, linkOpened: 1, clipOpened: 1, appPresented: 1, redeemed: 1, expired: 1),
                Self.counts(issued: 1, clipOpened: 1),
            ])
        #expect(bySource.totals.stages == expected)
        let byCampaign = try JourneyStore.report(JourneyQuery(groupBy: .campaign), on: history.connection)
        #expect(byCampaign.groups.map(\.key) == ["winter", nil], "a tie in issued and redeemed: a key before none")
        #expect(byCampaign.groups.map { $0.totals.stages[.issued] } == [3, 3])
        let byFamily = try JourneyStore.report(JourneyQuery(groupBy: .family), on: history.connection)
        #expect(byFamily.groups.map(\.key) == ["f1", "f2"])
        let byInviter = try JourneyStore.report(JourneyQuery(groupBy: .inviter), on: history.connection)
        #expect(byInviter.groups.map(\.key) == ["u-f1", "u-f2"])
        let f2 = try JourneyStore.report(JourneyQuery(familyID: "f2"), on: history.connection)
        #expect(f2.totals.stages == Self.counts(issued: 1, clipOpened: 1))
        #expect(f2.views == nil)

        #expect(
            try JourneyStore.groups(JourneyQuery(groupBy: .source), on: history.connection) == bySource.groups,
            "the counts alone, as the breakdowns and Prometheus read them, are the report's groups")
        var topSource = try JourneyQuery(groupBy: .source)
        topSource.top = 1
        let bounded = try JourneyStore.report(topSource, on: history.connection).groups
        #expect(bounded.map(\.key) == ["sms", nil])
        #expect(bounded.map(\.isOther) == [false, true])
        #expect(bounded[1].totals.stages == Self.counts(issued: 3, linkOpened: 1, clipOpened: 2, appPresented: 1, redeemed: 1, expired: 1))
        #expect(try JourneyStore.groups(topSource, on: history.connection) == bounded)
    }

    @Test(
        "a breakdown past its top is folded in SQL: the top groups as they are, one other group summing the rest bucket by bucket",
        arguments: [FunnelView.flow, .cohort])
    func topAndOther(view: FunnelView) throws {
        let history = try FunnelHistory()
        _ = try Self.scriptedHistory(history)
        var everyFamily = try JourneyQuery(groupBy: .family, view: view)
        everyFamily.top = JourneyQuery.topRange.upperBound
        let all = try JourneyStore.report(everyFamily, on: history.connection).groups
        #expect(all.map(\.key) == ["f1", "f2"] && all.allSatisfy { !$0.isOther })
        var topFamily = everyFamily
        topFamily.top = 1
        let folded = try JourneyStore.groups(topFamily, on: history.connection)
        #expect(folded.map(\.key) == ["f1", nil])
        #expect(folded.map(\.isOther) == [false, true])
        #expect(folded[0] == all[0])
        #expect(folded[1].buckets == all[1].buckets && folded[1].totals == all[1].totals)
        topFamily.top = 0
        #expect(topFamily.top == 1, "top stays within 1-100")
    }

    @Test("the cohort of invites issued in the range reached each stage within 1 h, 1 d, 7 d and ever")
    func cohort() throws {
        let history = try FunnelHistory()
        _ = try Self.scriptedHistory(history)
        let report = try JourneyStore.report(JourneyQuery(view: .cohort), on: history.connection)
        #expect(
            report.totals.stages
                == Self.counts(issued: 6, linkOpened: 3, clipOpened: 4, appPresented: 2, redeemed: 2, expired: 1, revoked: 1))
        let redeemed = try #require(report.totals.reached?[.redeemed])
        #expect(redeemed == StageReach(within1h: 2, within1d: 2, within7d: 2, ever: 2))
        #expect(report.totals.share(.redeemed, of: .issued) == 2.0 / 6.0)

        let created = Date(timeIntervalSince1970: 1_793_577_600)
        try history.insertPast(
            family: "f3", created: created,
            later: [("invite.previewed", 7_200, "clip"), ("invite.redeemed", 3 * 86_400, "app")])
        let past = try JourneyStore.report(
            JourneyQuery(from: created, to: created.addingTimeInterval(86_400), view: .cohort), on: history.connection)
        #expect(past.totals.reached?[.clipOpened] == StageReach(within1h: 0, within1d: 1, within7d: 1, ever: 1))
        #expect(past.totals.reached?[.redeemed] == StageReach(within1h: 0, within1d: 0, within7d: 1, ever: 1))
        let flow = try JourneyStore.report(JourneyQuery(from: created, to: created.addingTimeInterval(86_400)), on: history.connection)
        #expect(flow.totals.stages == Self.counts(issued: 1, clipOpened: 1), "the redemption fell three days later: outside the flow")
        let times = Dictionary(uniqueKeysWithValues: past.timesBetweenStages.map { ("\($0.from.rawValue)>\($0.to.rawValue)", $0) })
        #expect(abs((times["issued>redeemed"]?.p50Seconds ?? 0) / 259_200 - 1) < 0.045, "a bin's middle, within the bin error")
        #expect(abs((times["clip_opened>redeemed"]?.p50Seconds ?? 0) / 252_000 - 1) < 0.045)
        #expect(times["issued>link_opened"]?.count == 0)
        #expect(times["issued>link_opened"]?.p50Seconds == nil)
    }

    @Test("the journey's counts equal counts over the stage table, and issued and previewed equal the event funnel's")
    func matchesRawTables() throws {
        let history = try FunnelHistory()
        _ = try Self.scriptedHistory(history)
        let query = try JourneyQuery()
        let journey = try JourneyStore.report(query, on: history.connection)
        for row in try history.connection.query(
            "SELECT stage, count(*)::int8 FROM baton.invite_stages WHERE first_at >= $1 AND first_at < $2 GROUP BY stage",
            [query.from, query.to])
        {
            let stage = try #require(InviteStage(rawValue: try row.decode(String.self, at: 0)))
            #expect(journey.totals.stages[stage] == (try row.decode(Int.self, at: 1)))
        }
        let funnel = try FunnelStore.report(query, on: history.connection)
        #expect(try FunnelStore.report(query, journey: false, on: history.connection).journey == nil)
        #expect(funnel.totals.tally.counts.issued == journey.totals.stages[.issued])
        #expect(funnel.totals.tally.counts.previewed == journey.totals.stages[.clipOpened])
        #expect(funnel.journey == journey)
        let rows: Int = try history.connection.query(
            "SELECT count(*)::int8 FROM (SELECT invite_id, stage FROM baton.invite_stages GROUP BY 1, 2 HAVING count(*) > 1) AS d")[0]
            .decode(at: 0)
        #expect(rows == 0)
    }

    @Test("servers racing to mark and preview one invite write one row per stage")
    func racingServers() throws {
        let history = try FunnelHistory()
        let invite = try history.create(1, family: "f1")[0]
        let (redemptions, token, id) = (history.redemptions, invite.token, invite.invite.id)
        let failures = history.concurrently(6) { _, connection in
            let marks = StageMarks()
            for _ in 0..<20 {
                marks.mark(id, .linkOpened)
                _ = try redemptions.preview(.token(token), channel: .clip, on: connection)
                marks.mark(id, .appPresented)
                try FunnelFlusher.flush(marks, on: connection)
            }
        }
        #expect(failures == 0)
        let rows = try history.connection.query(
            "SELECT stage, count(*)::int8 FROM baton.invite_stages WHERE invite_id = $1 GROUP BY stage ORDER BY stage", [invite.invite.id])
        let counted = try rows.map { ("\(try $0.decode(String.self, at: 0))", try $0.decode(Int.self, at: 1)) }
        #expect(counted.map(\.0) == ["app_presented", "clip_opened", "issued", "link_opened"])
        #expect(counted.allSatisfy { $0.1 == 1 })
    }

    @Test("erasing a family deletes its invites' stage marks")
    func erasure() throws {
        let history = try FunnelHistory()
        _ = try Self.scriptedHistory(history)
        let eraser = FamilyEraser(secret: Array(repeating: 7, count: 32), webhookMaxAttempts: 1)
        _ = try eraser.erase(familyID: "f1", on: history.connection)
        let left: Int = try history.connection.query(
            "SELECT count(*)::int8 FROM baton.invite_stages s JOIN baton.invites i ON i.id = s.invite_id WHERE i.family_id = 'f1'")[0]
            .decode(at: 0)
        #expect(left == 0)
        #expect(try JourneyStore.report(JourneyQuery(), on: history.connection).totals.stages == Self.counts(issued: 1, clipOpened: 1))
    }
}
