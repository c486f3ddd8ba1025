import BatonTestSupport
import Foundation
import Testing

@testable import BatonCore
@testable import Journey

@Suite("StageCountsCollector", .timeLimit(.minutes(10)))
struct StageCountsCollectorTests {
    @Test("Prometheus gets each stage for the top sources, (other) and (none), and no more label values")
    func bounded() throws {
        let history = try FunnelHistory()
        _ = try JourneyStoreTests.scriptedHistory(history)
        var query = try JourneyQuery()
        query.groupBy = .source
        query.top = 1
        let family = StageCountsCollector.family(try JourneyStore.groups(query, on: history.connection))
        let sources = Set(family.samples.compactMap { $0.labels.first { $0.name == "source" }?.value })
        #expect(sources == ["sms", "(other)"])
        #expect(family.samples.count == 2 * InviteStage.allCases.count)
        let issued = family.samples.filter { $0.labels.contains { $0.name == "stage" && $0.value == "issued" } }.map(\.value)
        #expect(issued.reduce(0, +) == 6)
    }
}
