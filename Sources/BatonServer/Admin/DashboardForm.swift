import BatonCore
import Foundation
import HTTP
import Journey

/// The `/admin` date range picker: a plain GET form (`from`, `to`,
/// `interval`, `family_id`, `view`, `group_by`), so it works without JavaScript.
///
/// `from` and `to` are UTC days as `<input type="date">` sends them
/// (`2026-11-22`), both inclusive, or RFC 3339 date-times for links made by
/// hand. `view` picks how the journey counts (``FunnelView``: `flow` or
/// `cohort`) and `group_by` its one breakdown (``FunnelGrouping``). Empty
/// fields mean the defaults of ``JourneyQuery`` (the last seven days, daily,
/// every family, flow), and a breakdown by source, of its top
/// ``DashboardData/breakdownLimit`` groups and "other". Bad input becomes a
/// ``FunnelError`` that the page shows inline next to the form (with status
/// 400, or 422 for a range of too many cells), never a 500.
struct DashboardForm {
    /// The raw field values as sent (empty when absent), for refilling the
    /// form; untrusted, escaped when rendered.
    let from: String
    let to: String
    let interval: String
    let familyID: String
    let view: String
    let groupBy: String

    /// The most characters a field may have; longer input is refused unread.
    static let fieldLimit = 128
    /// The breakdown when `group_by` is empty: the one the journey's rollup
    /// keeps, so the page's default load reads no stage rows.
    static let defaultGrouping = FunnelGrouping.source

    /// The funnel query these fields ask for, validated and aligned, with
    /// its view and breakdown (the top ``DashboardData/breakdownLimit`` groups).
    /// - Throws: `FunnelError.invalidParameter` naming the field,
    ///   `.invalidView`, `.invalidGroupBy`, or what
    ///   ``JourneyQuery/init(from:to:interval:familyID:groupBy:view:now:)`` throws.
    func query(now: Date) throws(FunnelError) -> JourneyQuery {
        let width = try Self.choice(
            interval, or: FunnelInterval.day, else: .invalidParameter(field: "interval", reason: "must be hour, day or week"))
        let counting = try Self.choice(view, or: FunnelView.flow, else: .invalidView)
        let grouping = try Self.choice(groupBy, or: Self.defaultGrouping, else: .invalidGroupBy)
        let start = try Self.instant(from, field: "from", dayEnd: false)
        let end = try Self.instant(to, field: "to", dayEnd: true)
        var query = try JourneyQuery(
            from: start, to: end, interval: width, familyID: familyID.isEmpty ? nil : familyID, groupBy: grouping, view: counting,
            now: now)
        query.top = DashboardData.breakdownLimit
        return query
    }

    /// The form's fields filled from an answered query, so the picker shows
    /// the range the page covers: the last day shown is the one before `to`.
    static func values(of query: JourneyQuery) -> DashboardForm {
        DashboardForm(
            from: DisplayFormat.date(query.from), to: DisplayFormat.date(query.to.addingTimeInterval(-1)),
            interval: query.interval.rawValue,
            familyID: query.familyID ?? "", view: query.view.rawValue, groupBy: (query.groupBy ?? defaultGrouping).rawValue)
    }

    /// The case `text` names, `fallback` when empty.
    /// - Throws: `error` for any other text, or one longer than ``fieldLimit``.
    private static func choice<Choice: RawRepresentable<String>>(
        _ text: String, or fallback: Choice, else error: FunnelError
    ) throws(FunnelError) -> Choice {
        guard !text.isEmpty else { return fallback }
        guard text.utf8.count <= fieldLimit, let chosen = Choice(rawValue: text) else { throw error }
        return chosen
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

extension DashboardForm {
    /// The fields of `request`'s query string.
    init(_ request: Request) {
        func field(_ name: String) -> String { request.queryValue(name)?.trimmingCharacters(in: .whitespaces) ?? "" }
        self.init(
            from: field("from"), to: field("to"), interval: field("interval"), familyID: field("family_id"), view: field("view"),
            groupBy: field("group_by"))
    }
}
