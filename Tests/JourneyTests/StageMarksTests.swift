import Foundation
import Testing

@testable import BatonCore
@testable import Journey

@Suite("StageMarks", .timeLimit(.minutes(10)))
struct StageMarksTests {
    @Test("repeated marks of one invite and stage leave one pending mark, the first time")
    func deduplicates() throws {
        let marks = StageMarks()
        let invite = UUID()
        let first = Date(timeIntervalSince1970: 1_800_000_000)
        for offset in 0..<5 { marks.mark(invite, .linkOpened, at: first.addingTimeInterval(Double(offset))) }
        marks.mark(invite, .appPresented, at: first)
        let drained = marks.drain().sorted { $0.stage.rawValue < $1.stage.rawValue }
        #expect(drained.map(\.stage) == [.appPresented, .linkOpened])
        #expect(drained.allSatisfy { $0.at == first && $0.invite == invite })
        marks.mark(invite, .linkOpened, at: first)
        #expect(marks.drain().isEmpty, "already written once: no second write")
    }

    @Test("marks put back after a failed flush are drained again")
    func restores() {
        let marks = StageMarks()
        marks.mark(UUID(), .linkOpened)
        let drained = marks.drain()
        marks.restore(drained)
        #expect(marks.drain() == drained)
        #expect(marks.droppedCount == 0)
    }

    @Test("views count every open, first or repeated, per hour and view")
    func views() {
        let marks = StageMarks()
        let at = Date(timeIntervalSince1970: 1_800_000_000)
        for _ in 0..<3 { marks.views.record(.linkOpened, at: at) }
        marks.views.record(.linkPreviewed, at: at)
        let entries = marks.views.drain()
        #expect(entries.map(\.count) == [3, 1])
        #expect(entries.map(\.code) == [.linkOpened, .linkPreviewed])
        #expect(marks.views.totals == [.linkOpened: 3, .linkPreviewed: 1])
    }
}
