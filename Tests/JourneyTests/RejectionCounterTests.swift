import BatonCore
import Foundation
import Journey
import Testing

@Suite("RejectionCounter", .timeLimit(.minutes(10)))
struct RejectionCounterTests {
    @Test(
        "wire error codes map to a small fixed set of rejection codes",
        arguments: [
            ("invite_expired", RejectionCode.inviteExpired), ("invite_revoked", .inviteRevoked), ("invite_used_up", .inviteUsedUp),
            ("invalid_code", .invalidCode), ("rate_limited", .rateLimited), ("handoff_expired", .badHandoff),
            ("handoff_already_used", .badHandoff), ("invite_not_found", .inviteNotFound), ("invalid_invocation", .invalidInvocation),
        ])
    func mapsCodes(wire: String, expected: RejectionCode) {
        #expect(RejectionCode(errorCode: wire) == expected)
    }

    @Test("errors that are not refusals of an invite are not counted", arguments: ["invalid_api_key", "missing_scope", "unavailable", ""])
    func ignoresOthers(wire: String) {
        #expect(RejectionCode(errorCode: wire) == nil)
    }

    @Test("counts are kept per UTC hour and code, and drained once")
    func countsPerHour() {
        let counter = RejectionCounter()
        let hour = Date(timeIntervalSince1970: 1_793_577_600)
        counter.record(.invalidCode, at: hour)
        counter.record(.invalidCode, at: hour.addingTimeInterval(3_599))
        counter.record(.invalidCode, at: hour.addingTimeInterval(3_600))
        counter.record(.rateLimited, at: hour)
        let drained = counter.drain()
        #expect(
            drained == [
                .init(hourStart: 1_793_577_600, code: .invalidCode, count: 2),
                .init(hourStart: 1_793_577_600, code: .rateLimited, count: 1),
                .init(hourStart: 1_793_581_200, code: .invalidCode, count: 1),
            ])
        #expect(counter.drain().isEmpty)
        #expect(counter.totals == [.invalidCode: 3, .rateLimited: 1])
    }

    @Test("the counter holds a bounded number of entries and counts what it drops")
    func bounded() {
        let counter = RejectionCounter()
        for hour in 0..<(RejectionCounter.maxEntries + 10) {
            counter.record(.invalidCode, at: Date(timeIntervalSince1970: Double(hour * 3_600)))
        }
        #expect(counter.drain().count == RejectionCounter.maxEntries)
        #expect(counter.droppedCount == 10)
    }
}
