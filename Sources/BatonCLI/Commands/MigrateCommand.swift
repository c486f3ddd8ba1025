import BatonCore
import Foundation
import Postgres

/// `baton migrate`: applies pending schema migrations, or lists them with `--status`.
enum MigrateCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "migrate",
        summary: "Apply pending schema migrations (or list them with --status).",
        options: [
            .flag("status", "List every migration and whether it is applied, pending, changed or missing; change nothing."),
            .flag("json", "Print the result as JSON."),
        ],
        discussion: """
            Applies the migrations compiled into this binary to BATON_DATABASE_URL, in order,
            each in its own transaction, under an advisory lock so replicas starting at once
            are safe. Refuses to run when an applied migration's file changed or is unknown
            to this binary. Exit 0 when the schema is current, 1 when --status finds pending,
            changed or missing migrations, 2 on errors.
            """,
        examples: ["baton migrate", "baton migrate --status --json"]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        try ConfiguredDatabase.open { _, connection in try run(arguments, console: console, on: connection) }
    }

    private static func run(_ arguments: ParsedArguments, console: Console, on connection: PostgresConnection) throws -> ExitCode {
        let migrator = try Migrator()
        if arguments.flag("status") {
            let statuses = try migrator.status(on: connection)
            let rows = statuses.map { [String($0.version), $0.fileName, describe($0.state)] }
            if arguments.flag("json") {
                console.json(rows.map { ["version": $0[0], "file": $0[1], "state": $0[2]] })
            } else {
                console.table(["VERSION", "FILE", "STATE"], rows)
            }
            return Migrator.isCurrent(statuses) ? .success : .checkFailed
        }
        let applied = try migrator.migrate(on: connection)
        if arguments.flag("json") {
            console.json(["applied": applied.map(\.fileName)])
        } else {
            console.out(applied.isEmpty ? "schema is current" : applied.map { "applied \($0.fileName)" }.joined(separator: "\n"))
        }
        return .success
    }

    private static func describe(_ state: Migrator.Status.State) -> String {
        switch state {
        case .applied(let date): "applied \(date.formatted(.iso8601))"
        case .pending: "pending"
        case .changed: "changed since applied"
        case .missing: "missing from this binary"
        }
    }
}
