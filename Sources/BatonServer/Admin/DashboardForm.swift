import BatonCore
import Foundation
import HTTP

/// The `/admin` date range picker: a plain GET form (`from`, `to`,
/// `interval`, `family_id`), so it works without JavaScript.
///
/// `from` and `to` are UTC days as `<input type="date">` sends them
/// (`2026-11-22`), both inclusive, or RFC 3339 date-times for links made by
/// hand. Empty fields mean the defaults of ``FunnelQuery`` (the last seven
/// days, daily, every family). Bad input becomes a ``FunnelError`` that the
/// page shows inline next to the form (with status 400), never a 500.
struct DashboardForm {
    /// The raw field values as sent (empty when absent), for refilling the
    /// form; untrusted, escaped when rendered.
    let from: String
    let to: String
    let interval: String
    let familyID: String

    /// The most characters a field may have; longer input is refused unread.
    static let fieldLimit = 128

    /// The fields of `request`'s query string.
    init(_ request: Request) {
        func field(_ name: String) -> String { request.queryValue(name)?.trimmingCharacters(in: .whitespaces) ?? "" }
        from = field("from")
        to = field("to")
        interval = field("interval")
        familyID = field("family_id")
    }

    /// The funnel query these fields ask for, validated and aligned.
    /// - Throws: `FunnelError.invalidParameter` naming the field, or what
    ///   ``FunnelQuery/init(from:to:interval:familyID:now:)`` throws.
    func query(now: Date) throws(FunnelError) -> FunnelQuery {
        var width = FunnelInterval.day
        if !interval.isEmpty {
            guard let parsed = FunnelInterval(rawValue: interval) else {
                throw .invalidParameter(field: "interval", reason: "must be hour, day or week")
            }
            width = parsed
        }
        let start = try Self.instant(from, field: "from", dayEnd: false)
        let end = try Self.instant(to, field: "to", dayEnd: true)
        return try FunnelQuery(from: start, to: end, interval: width, familyID: familyID.isEmpty ? nil : familyID, now: now)
    }

    /// The form's fields filled from an answered query, so the picker shows
    /// the range the page covers: the last day shown is the one before `to`.
    static func values(of query: FunnelQuery) -> (from: String, to: String, interval: String, familyID: String) {
        (DisplayFormat.date(query.from), DisplayFormat.date(query.to.addingTimeInterval(-1)), query.interval.rawValue, query.familyID ?? "")
    }

    /// `text` as an instant: a day's start (or, with `dayEnd`, the next
    /// day's start, so the day is included), or an RFC 3339 date-time; nil when empty.
    private static func instant(_ text: String, field: String, dayEnd: Bool) throws(FunnelError) -> Date? {
        guard !text.isEmpty else { return nil }
        guard text.count <= fieldLimit else { throw .invalidParameter(field: field, reason: "must be a date such as 2026-11-22") }
        if let day = try? dayStyle.parse(text), text.utf8.count == 10 {
            return dayEnd ? day.addingTimeInterval(86_400) : day
        }
        if let instant = try? dateTimeStyle.parse(text) { return instant }
        throw .invalidParameter(field: field, reason: "must be a date such as 2026-11-22 or an RFC 3339 date-time")
    }

    private static let dayStyle = Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day()
    private static let dateTimeStyle = Date.ISO8601FormatStyle()
}
