import BatonTestSupport
import Foundation
import Telemetry
import Testing

@testable import BatonCore
@testable import Journey

@Suite("StageCountsCollector", .timeLimit(.minutes(10)))
struct StageCountsCollectorTests {
    /// The family a scrape of `history` exposes with `top` sources of their own.
    static func family(_ history: FunnelHistory, top: Int) throws -> FamilySnapshot {
        var query = try JourneyQuery()
        query.groupBy = .source
        query.top = top
        return StageCountsCollector.family(try JourneyStore.groupsByPlatform(query, on: history.connection))
    }

    /// The values of label `name` in `family`.
    static func values(of name: String, in family: FamilySnapshot) -> Set<String> {
        Set(family.samples.compactMap { $0.labels.first { $0.name == name }?.value })
    }

    @Test("Prometheus gets each stage for the top sources, (other) and (none), and no more label values")
    func bounded() throws {
        let history = try FunnelHistory()
        _ = try JourneyStoreTests.scriptedHistory(history)
        let family = try Self.family(history, top: 1)
        #expect(Self.values(of: "source", in: family) == ["sms", "(other)"])
        #expect(family.samples.count == 2 * InviteStage.allCases.count)
        #expect(Self.values(of: "platform", in: family) == ["(none)"], "opens marked without a platform, as before 0041")
        let issued = family.samples.filter { $0.labels.contains { $0.name == "stage" && $0.value == "issued" } }.map(\.value)
        #expect(issued.reduce(0, +) == 6)
    }

    @Test(
        "nine sources, none the largest, opened on every platform expose the bound exactly: 7 stages × 6 source values × 5 platforms")
    func cardinalityBound() throws {
        let history = try FunnelHistory()
        let sources: [String?] = [nil, nil] + (1...8).map { "s\($0)" }
        let drafts = try sources.flatMap { source in
            try (0...JourneyPlatform.allCases.count).map { _ in try NewInvite(InviteDraft(familyID: "f1", familyName: "F", source: source))
            }
        }
        let invites = try history.connection.transaction { try history.invites.create(drafts, createdBy: nil, on: $0) }
        let marks = StageMarks()
        for (index, invite) in invites.enumerated() {
            let platforms = JourneyPlatform.allCases
            if index % (platforms.count + 1) < platforms.count {
                marks.mark(invite.invite.id, .linkOpened, platform: platforms[index % (platforms.count + 1)])
            }
        }
        try FunnelFlusher.flush(marks, on: history.connection)
        let family = try Self.family(history, top: StageCountsCollector.sourceLimit)
        #expect(Self.values(of: "source", in: family) == ["(none)", "s1", "s2", "s3", "s4", "(other)"], "(none) ranks as a source")
        #expect(Self.values(of: "platform", in: family) == Set(JourneyPlatform.allCases.map(\.rawValue) + ["(none)"]))
        #expect(family.samples.count == InviteStage.allCases.count * (StageCountsCollector.sourceLimit + 1) * 5)
        let keys = family.samples.map { $0.labels.map { "\($0.name)=\($0.value)" }.joined(separator: ",") }
        #expect(Set(keys).count == keys.count, "no series twice")
    }

    @Test("Prometheus gets a platform label of the four platforms and (none), beside the bounded sources")
    func platformLabel() throws {
        let history = try FunnelHistory()
        _ = try JourneyPlatformTests.openedHistory(history)
        let family = try Self.family(history, top: 1)
        #expect(Self.values(of: "platform", in: family) == ["ios", "android", "desktop", "(none)"])
        #expect(family.samples.count == 4 * InviteStage.allCases.count, "one source value, (none), per platform")
        func value(_ stage: InviteStage, _ platform: String) -> Double? {
            family.samples.first { sample in
                sample.labels.contains { $0.name == "stage" && $0.value == stage.rawValue }
                    && sample.labels.contains { $0.name == "platform" && $0.value == platform }
            }?.value
        }
        #expect(value(.issued, "ios") == 3)
        #expect(value(.redeemed, "desktop") == 1)
        #expect(value(.linkOpened, "(none)") == 0)
        #expect(value(.issued, "(none)") == 1)
    }
}
