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
            .value(
                "wait", "SECONDS",
                "Retry connecting with backoff for up to SECONDS (1-3600) while the database does not accept connections yet."),
        ],
        discussion: """
            Applies the migrations compiled into this binary to BATON_DATABASE_URL, in order,
            each in its own transaction, under an advisory lock so replicas starting at once
            are safe. Refuses to run when an applied migration's file changed or is unknown
            to this binary. Exit 0 when the schema is current, 1 when --status finds pending,
            changed or missing migrations, 2 on errors.

            With --wait, a server that refuses connections (still starting, not reachable
            yet) is retried every 0.25 s doubling to 5 s until SECONDS have passed; each
            retry is reported on stderr. Other errors fail at once.
            """,
        examples: ["baton migrate", "baton migrate --wait 60", "baton migrate --status --json"]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let wait = try arguments.int("wait", in: 1...3600).map { DatabaseWait(limit: .seconds($0)) }
        let onRetry: (PostgresError, Duration) -> Void = { error, delay in
            console.err("migrate: database not accepting connections yet (\(error.code.rawValue)); retrying in \(delay)")
        }
        return try ConfiguredDatabase.open(wait: wait, onRetry: onRetry) { _, connection in
            try run(arguments, console: console, on: connection)
        }
    }

    private static func run(_ arguments: ParsedArguments, console: Console, on connection: PostgresConnection) throws -> ExitCode {
        let migrator = try Migrator()
        if arguments.flag("status") {
            let statuses = try migrator.status(on: connection)
            console.result(arguments, json: { statuses.map(json) }, table: ["VERSION", "FILE", "STATE"]) {
                statuses.map { [String($0.version), $0.fileName, describe($0.state)] }
            }
            return Migrator.isCurrent(statuses) ? .success : .checkFailed
        }
        let applied = try migrator.migrate(on: connection)
        console.result(
            arguments, json: { ["applied": applied.map(\.fileName)] },
            line: { applied.isEmpty ? "schema is current" : applied.map { "applied \($0.fileName)" }.joined(separator: "\n") })
        return .success
    }

    /// One migration for `--status --json`: `version` a number, `state` one of
    /// applied, pending, changed, missing, and `applied_at` an RFC 3339 time or
    /// null (only applied migrations whose file is unchanged carry it).
    static func json(_ status: Migrator.Status) -> [String: Any] {
        let (state, appliedAt): (String, Any) =
            switch status.state {
            case .applied(let date): ("applied", date.formatted(.iso8601))
            case .pending: ("pending", NSNull())
            case .changed: ("changed", NSNull())
            case .missing: ("missing", NSNull())
            }
        return ["version": status.version, "file": status.fileName, "state": state, "applied_at": appliedAt]
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
