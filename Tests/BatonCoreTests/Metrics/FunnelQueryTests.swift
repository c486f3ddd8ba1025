import BatonCore
import Foundation
import Testing

@Suite("FunnelQuery")
struct FunnelQueryTests {
    static let now = Date(timeIntervalSince1970: 1_793_700_000)

    @Test("by default the last seven days, daily, widened to whole UTC days")
    func defaults() throws {
        let query = try FunnelQuery(now: Self.now)
        #expect(query.interval == .day)
        #expect(query.to == FunnelInterval.day.ceiling(Self.now))
        #expect(query.from == FunnelInterval.day.floor(Self.now.addingTimeInterval(-7 * 86_400)))
        #expect(query.bucketCount == 8)
        #expect(query.familyID == nil)
    }

    @Test("RFC 3339 dates with offsets and fractions are read as the instants they name")
    func parsesDates() throws {
        let query = try FunnelQuery.parse(from: "2026-11-02T01:30:00+01:00", to: "2026-11-02T03:00:00.250Z", interval: "hour", familyID: "fam")
        #expect(query.from == Date(timeIntervalSince1970: 1_793_577_600))
        #expect(query.to == Date(timeIntervalSince1970: 1_793_577_600 + 4 * 3_600))
        #expect(query.familyID == "fam")
    }

    @Test("bad parameters are refused with the field named", arguments: [
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
            try FunnelQuery.parse(from: from, to: to, interval: interval, familyID: family, now: Self.now)
        } throws: { error in
            guard case FunnelError.invalidParameter(let named, _) = error else { return false }
            return named == field
        }
    }

    @Test("an empty or reversed range is invalid_range")
    func emptyRange() {
        #expect(throws: FunnelError.emptyRange) {
            try FunnelQuery.parse(from: "2026-11-02T00:00:00Z", to: "2026-11-02T00:00:00Z", interval: nil, familyID: nil)
        }
    }

    @Test("more than 5,000 buckets is range_too_large; exactly 5,000 is answered")
    func bucketCap() throws {
        let from = Date(timeIntervalSince1970: 1_793_577_600)
        #expect(try FunnelQuery(from: from, to: from.addingTimeInterval(5_000 * 3_600), interval: .hour).bucketCount == 5_000)
        #expect(throws: FunnelError.rangeTooLarge(buckets: 5_001, limit: 5_000)) {
            try FunnelQuery(from: from, to: from.addingTimeInterval(5_001 * 3_600), interval: .hour)
        }
        #expect((try FunnelError.rangeTooLarge(buckets: 1, limit: 1)).code == "range_too_large")
    }
}
