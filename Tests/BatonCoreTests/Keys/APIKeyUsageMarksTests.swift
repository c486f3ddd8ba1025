import Foundation
import Testing

@testable import BatonCore

@Suite("APIKeyUsageMarks", .timeLimit(.minutes(10)))
struct APIKeyUsageMarksTests {
    let key = UUID()
    let start = ContinuousClock.now
    let used = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("a key is marked once per interval; a later use within it only moves a waiting write forward")
    func oncePerInterval() {
        var marks = APIKeyUsageMarks(interval: .seconds(60))
        let firstUseDue = marks.mark(key, at: used, now: start)
        #expect(firstUseDue)
        let burstDue = marks.mark(key, at: used + 5, now: start + .seconds(5))
        #expect(!burstDue)
        let firstWrite = marks.drain(now: start + .seconds(6))
        #expect(firstWrite == [key: used + 5])
        let laterUseDue = marks.mark(key, at: used + 30, now: start + .seconds(30))
        #expect(!laterUseDue)
        let nothingWaiting = marks.drain(now: start + .seconds(31))
        #expect(nothingWaiting.isEmpty)
        let nextIntervalDue = marks.mark(key, at: used + 61, now: start + .seconds(61))
        #expect(nextIntervalDue)
        let secondWrite = marks.drain(now: start + .seconds(62))
        #expect(secondWrite == [key: used + 61])
    }

    @Test("a failed write is put back without losing a later use")
    func restore() {
        var marks = APIKeyUsageMarks(interval: .seconds(60))
        _ = marks.mark(key, at: used, now: start)
        let taken = marks.drain(now: start)
        let other = UUID()
        _ = marks.mark(other, at: used + 2, now: start + .seconds(2))
        marks.restore(taken)
        #expect(marks.pending == [key: used, other: used + 2])
    }
}
