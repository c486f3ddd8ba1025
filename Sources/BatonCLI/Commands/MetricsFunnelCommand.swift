import BatonCore
import BatonJSON
import Foundation
import HTTP
import Journey
import Postgres

/// `baton metrics funnel`: the redemption funnel read straight from the
/// database (rollups plus live tail, as `GET /v1/metrics/funnel`), as a
/// table with a bar per count or as the API's JSON.
enum MetricsFunnelCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "metrics funnel",
        summary: "Show how invites convert: issued, previewed, redeemed, expired, revoked per bucket (UTC).",
        options: [
            .value("since", "AGE", "How far back: a number and m, h, d or w (default 7d)."),
            .value("interval", "WIDTH", "Bucket width: hour, day (default) or week (ISO weeks, Monday 00:00 UTC)."),
            .value("family", "ID", "Only invites of the family ID."),
            .value("group-by", "ATTRIBUTE", "Break the journey down by \(FunnelGrouping.listed)."),
            .value(
                "top", "N",
                "With --group-by, the N groups with the most invites shown on their own, the rest summed as (other): 1-100 (default 10)."),
            .value(
                "view", "VIEW", "flow (default): stages by the bucket they happened in; cohort: invites by the bucket they were issued in."),
            .flag("json", "Print the report as the API's JSON."),
        ],
        discussion: """
            Reads the database named by BATON_DATABASE_URL. Buckets are UTC and whole: the range is widened to
            bucket edges. Counts are events in each bucket (equal to counts over baton.events); conversion is
            redeemed/issued of the same bucket. Refusals are counted for all families together.
            The journey counts each invite once per stage (issued, link opened, clip opened, app presented,
            redeemed): --view flow by the bucket the stage was reached in, --view cohort by the bucket the
            invite was issued in, with the share that reached each stage within 1 h, 1 d, 7 d and ever.
            A report is bounded as the API's is: more cells than BATON_REPORT_MAX_CELLS is refused with
            report_too_large before anything is read, and a statement running past
            BATON_REPORT_STATEMENT_TIMEOUT_MS is cancelled (report_timeout).
            """,
        examples: [
            "baton metrics funnel", "baton metrics funnel --since 48h --interval hour",
            "baton metrics funnel --since 12w --interval week --family fam_42 --json",
            "baton metrics funnel --since 30d --group-by source --view cohort",
        ]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let query = try query(arguments, now: Date())
        let report = try ConfiguredDatabase.open { configuration, connection in
            try FunnelStore.report(query, limits: configuration.reports, on: connection)
        }
        try print(report, json: arguments.flag("json"), console: console)
        return .success
    }

    /// The query the arguments ask for, ending at `now`.
    /// - Throws: `UsageError` for a malformed `--since`, `--interval`, `--group-by`, `--top` or `--view`;
    ///   `FunnelError` for a bad family or too many buckets.
    static func query(_ arguments: ParsedArguments, now: Date) throws -> JourneyQuery {
        let seconds = try arguments.value("since", expected: "a number and m, h, d or w, such as 7d", sinceSeconds) ?? 7 * 86_400
        let interval = try arguments.value("interval", expected: "hour, day or week", FunnelInterval.init(rawValue:)) ?? .day
        let grouping = try arguments.value("group-by", expected: FunnelGrouping.listed, FunnelGrouping.init(rawValue:))
        let view = try arguments.value("view", expected: "flow or cohort", FunnelView.init(rawValue:)) ?? .flow
        let top = try arguments.int("top", in: JourneyQuery.topRange) ?? JourneyQuery.defaultTop
        var query = try JourneyQuery(
            from: now.addingTimeInterval(-Double(seconds)), to: now, interval: interval,
            familyID: arguments.string("family"), groupBy: grouping, view: view, now: now)
        query.top = top
        return query
    }

    /// Prints `report` as a table, or as the API's JSON.
    static func print(_ report: FunnelReport, json: Bool, console: Console) throws {
        if json {
            console.json(try JSONSerialization.jsonObject(with: JSONCoding.encode(report)))
        } else {
            FunnelTable(report: report).lines.forEach(console.out)
        }
    }

    /// `90m`, `36h`, `7d`, `2w` in seconds; nil for anything else.
    static func sinceSeconds(_ text: String) -> Int? {
        let units = ["m": 60, "h": 3_600, "d": 86_400, "w": 604_800]
        guard let unit = text.last.flatMap({ units[String($0)] }), let count = Int(text.dropLast()), (1...100_000).contains(count) else {
            return nil
        }
        return count * unit
    }
}
