import BatonCore
import Foundation
import Postgres

/// `baton events list`: one page of the event feed read straight from the
/// database (as `GET /v1/events`), as a table or as the API's JSON.
enum EventsListCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "events list",
        summary: "List webhook events oldest first, one page after a cursor (the event feed).",
        options: [
            .value("after", "CURSOR", "Resume after this next_cursor (default: from the oldest event kept)."),
            .value("type", "TYPE", "Only events of TYPE: \(OutboxEvents.EventType.allCases.map(\.rawValue).joined(separator: ", "))."),
            .value(
                "limit", "N",
                "Events per page, \(EventFeed.Query.limitRange.lowerBound)-\(EventFeed.Query.limitRange.upperBound) (default \(EventFeed.Query.defaultLimit))."
            ),
            .flag("json", "Print the page as the API's JSON."),
        ],
        discussion: """
            Reads the database named by BATON_DATABASE_URL. Only events of transactions older than the oldest one
            still running are listed, so a cursor never skips an event that commits later (docs/webhooks.md).
            The table ends with the cursor of the next page.
            """,
        examples: ["baton events list", "baton events list --type invite.redeemed --limit 20", "baton events list --after CURSOR --json"]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let query = try EventFeed.Query(after: arguments.string("after"), type: arguments.string("type"), limit: arguments.string("limit"))
        let page = try ConfiguredDatabase.open { _, connection in try EventFeed.page(query, on: connection) }
        try print(page, json: arguments.flag("json"), console: console)
        return .success
    }

    /// Prints `page` as a table (id, type, time, invite) with the next cursor, or as the API's JSON.
    static func print(_ page: EventFeed.Page, json: Bool, console: Console) throws {
        if json {
            console.json(try JSONSerialization.jsonObject(with: page.json()))
            return
        }
        let rows = try page.events.map { body -> [String] in
            let event = try JSONSerialization.jsonObject(with: body.data) as? [String: Any] ?? [:]
            let data = event["data"] as? [String: Any] ?? [:]
            return [event["id"], event["type"], event["created_at"], data["invite_id"]].map { $0 as? String ?? "" }
        }
        console.table(["ID", "TYPE", "CREATED", "INVITE"], rows)
        console.out("next: \(page.next.text)\(page.hasMore ? " (more ready)" : "")")
    }
}
