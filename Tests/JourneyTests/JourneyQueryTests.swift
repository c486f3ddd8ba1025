import BatonCore
import Foundation
import Journey
import Testing

@Suite("JourneyQuery", .timeLimit(.minutes(10)))
struct JourneyQueryTests {
    static let now = Date(timeIntervalSince1970: 1_793_700_000)

    @Test("by default the last seven days, daily, widened to whole UTC days")
    func defaults() throws {
        let query = try JourneyQuery(now: Self.now)
        #expect(query.interval == .day)
        #expect(query.to == FunnelInterval.day.ceiling(Self.now))
        #expect(query.from == FunnelInterval.day.floor(Self.now.addingTimeInterval(-7 * 86_400)))
        #expect(query.bucketCount == 8)
        #expect(query.familyID == nil)
    }

    @Test("RFC 3339 dates with offsets and fractions are read as the instants they name")
    func parsesDates() throws {
        let query = try JourneyQuery.parse(
            from: "2026-11-02T01:30:00+01:00", to: "2026-11-02T03:00:00.250Z", interval: "hour", familyID: "fam")
        #expect(query.from == Date(timeIntervalSince1970: 1_793_577_600))
        #expect(query.to == Date(timeIntervalSince1970: 1_793_577_600 + 4 * 3_600))
        #expect(query.familyID == "fam")
    }

    @Test(
        "bad parameters are refused with the field named",
        arguments: [
            ("from", "yesterday", nil, nil, nil),
            ("to", nil, "2026-13-01T00:00:00Z", nil, nil),
            ("interval", nil, nil, "month", nil),
            ("family_id", nil, nil, nil, ""),
            ("family_id", nil, nil, nil, "a\u{202E}b"),
            ("family_id", nil, nil, nil, String(repeating: "x", count: 129)),
            ("from", "0001-01-01T00:00:00Z", nil, nil, nil),
        ] as [(String, String?, String?, String?, String?)])
    func refusesBadParameters(field: String, from: String?, to: String?, interval: String?, family: String?) {
        #expect {
            try JourneyQuery.parse(from: from, to: to, interval: interval, familyID: family, now: Self.now)
        } throws: { error in
            guard case FunnelError.invalidParameter(let named, _) = error else { return false }
            return named == field
        }
    }

    @Test(
        "RFC 3339 spellings name their instant",
        arguments: [
            ("2026-11-02T00:00:00Z", 1_793_577_600.0), ("2026-11-02t00:00:00z", 1_793_577_600), ("2026-11-02 00:00:00Z", 1_793_577_600),
            ("2026-11-02T00:00:00.123456789Z", 1_793_577_600.123456), ("2026-11-01T23:00:00-01:00", 1_793_577_600),
            ("2026-11-02T05:30:00+05:30", 1_793_577_600), ("2026-11-01T23:59:60Z", 1_793_577_600),
        ])
    func readsRFC3339(text: String, seconds: Double) throws {
        let query = try JourneyQuery.parse(from: text, to: "2026-12-01T00:00:00Z", interval: "hour", familyID: nil)
        #expect(
            abs(query.from.timeIntervalSince1970 - FunnelInterval.hour.floor(Date(timeIntervalSince1970: seconds)).timeIntervalSince1970)
                < 0.001)
    }

    @Test(
        "malformed dates are invalid_parameter",
        arguments: [
            "2026-11-02", "2026-11-02T00:00:00", "2026-02-30T00:00:00Z", "2026-11-02T24:00:00Z", "2026-11-02T00:00:00+2400",
            "2026-11-02T00:00:00.Z", "２０２６-11-02T00:00:00Z", "2026-11-02T00:00:00Zjunk", String(repeating: "9", count: 100),
        ])
    func refusesMalformedDates(text: String) {
        #expect(throws: FunnelError.invalidParameter(field: "to", reason: "must be an RFC 3339 date-time such as 2026-11-01T00:00:00Z")) {
            try JourneyQuery.parse(from: nil, to: text, interval: nil, familyID: nil)
        }
    }

    @Test("an empty or reversed range is invalid_range")
    func emptyRange() {
        #expect(throws: FunnelError.emptyRange) {
            try JourneyQuery.parse(from: "2026-11-02T00:00:00Z", to: "2026-11-02T00:00:00Z", interval: nil, familyID: nil)
        }
    }

    @Test("more than 5,000 buckets is range_too_large; exactly 5,000 is answered")
    func bucketCap() throws {
        let from = Date(timeIntervalSince1970: 1_793_577_600)
        #expect(try JourneyQuery(from: from, to: from.addingTimeInterval(5_000 * 3_600), interval: .hour).bucketCount == 5_000)
        #expect(throws: FunnelError.rangeTooLarge(buckets: 5_001, limit: 5_000)) {
            try JourneyQuery(from: from, to: from.addingTimeInterval(5_001 * 3_600), interval: .hour)
        }
        #expect((try FunnelError.rangeTooLarge(buckets: 1, limit: 1)).code == "range_too_large")
    }

    @Test("a report's cells are buckets × (the funnel's row + 1 group, or top + 1 with group_by) × 7 stages")
    func cells() throws {
        let from = Date(timeIntervalSince1970: 1_793_577_600)
        var query = try JourneyQuery(from: from, to: from.addingTimeInterval(30 * 86_400), interval: .day)
        #expect(query.cells == 30 * 2 * 7)
        query.groupBy = .family
        #expect(query.cells == 30 * (1 + JourneyQuery.defaultTop + 1) * 7)
        query.top = 3
        #expect(query.cells == 30 * 5 * 7)
        query.top = 1_000
        #expect(query.top == JourneyQuery.topRange.upperBound)
        let parsed = try JourneyQuery.parse(
            from: "2013-03-27T00:00:00Z", to: "2026-12-02T00:00:00Z", interval: "day", familyID: nil, groupBy: "family", view: "cohort")
        #expect(parsed.cells == 4_998 * 12 * 7 && parsed.cells > ReportSettings.defaultMaxCells)
        #expect(throws: FunnelError.invalidParameter(field: "top", reason: "must be a whole number from 1 to 100")) {
            try JourneyQuery.parse(from: nil, to: nil, interval: nil, familyID: nil, groupBy: "source", top: "0")
        }
        #expect(try JourneyQuery.parse(from: nil, to: nil, interval: nil, familyID: nil, top: "7").top == 7)
    }
}
