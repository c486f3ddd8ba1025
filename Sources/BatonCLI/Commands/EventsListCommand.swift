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
            .flag("json", "Print the page as the API's JSON, byte for byte."),
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
        print(page, json: arguments.flag("json"), console: console)
        return .success
    }

    /// Prints `page` as a table (id, type, time, invite) with the next
    /// cursor, or as the API's JSON, the same bytes as `GET /v1/events`.
    static func print(_ page: EventFeed.Page, json: Bool, console: Console) {
        if json {
            console.out(String(decoding: page.json(), as: UTF8.self))
            return
        }
        let rows = page.events.map { event -> [String] in
            let invite = event.member("data").flatMap { WebhookJSON($0) }?.string("invite_id")
            return [event.string("id"), event.string("type"), event.string("created_at"), invite].map { $0 ?? "" }
        }
        console.table(["ID", "TYPE", "CREATED", "INVITE"], rows)
        console.out("next: \(page.next.text)\(page.hasMore ? " (more ready)" : "")")
    }
}
