import BatonCore
import Foundation
import JobQueue
import Postgres

/// `baton jobs list`: the newest jobs, filtered by state and kind.
enum JobsListCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "jobs list",
        summary: "List the newest jobs, optionally by state and kind.",
        options: [
            .value("state", "STATE", "Only jobs in STATE: \(JobState.allCases.map(\.rawValue).joined(separator: ", "))."),
            .value("kind", "KIND", "Only jobs of KIND, such as webhook.deliver."),
            .value("limit", "N", "At most N jobs (1-10000, default 50)."),
            .flag("json", "Print the jobs as JSON."),
        ],
        examples: ["baton jobs list --state discarded", "baton jobs list --kind webhook.deliver --limit 10 --json"]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let state = try arguments.value(
            "state", expected: JobState.allCases.map(\.rawValue).joined(separator: ", "), JobState.init(rawValue:))
        let limit = try arguments.int("limit", in: 1...10_000) ?? 50
        let jobs = try JobsDatabase.open { try JobQueue.list(state: state, kind: arguments.string("kind"), limit: limit, on: $0) }
        console.result(
            arguments, json: { jobs.map(JobsDatabase.dictionary) }, table: ["ID", "KIND", "STATE", "ATTEMPT", "SCHEDULED", "LAST ERROR"]
        ) {
            jobs.map { job in
                [
                    String(job.id), job.kind, job.state.rawValue, "\(job.attempt)/\(job.maxAttempts)",
                    job.scheduledAt.formatted(.iso8601), job.lastError.map { String($0.prefix(80)) } ?? "",
                ]
            }
        }
        return .success
    }
}

/// `baton jobs retry ID|--discarded`: runs a failed or cancelled job again.
enum JobsRetryCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "jobs retry",
        summary: "Make a discarded, cancelled or retryable job run now, or every discarded job.",
        positionals: "[ID]",
        positionalCount: 0...1,
        options: [.flag("discarded", "Retry every discarded job."), .flag("json", "Print the result as JSON.")],
        discussion: "A job that used all its attempts gets one more. Webhook receivers dedupe by the event id.",
        examples: ["baton jobs retry 4211", "baton jobs retry --discarded"]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        if arguments.flag("discarded") {
            guard arguments.positionals.isEmpty else { throw UsageError("give an ID or --discarded, not both") }
            let count = try JobsDatabase.open { try JobQueue.retryDiscarded(on: $0) }
            console.result(arguments, json: { ["retried": count] }, line: { "retried \(count) discarded job(s)" })
            return .success
        }
        return try JobsDatabase.change(arguments, console: console, outcome: "is available again", JobQueue.retry)
    }
}

/// `baton jobs cancel ID`: stops a job that has not finished.
enum JobsCancelCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "jobs cancel",
        summary: "Cancel a job that has not finished (a running attempt's result is ignored).",
        positionals: "ID",
        positionalCount: 1...1,
        options: [.flag("json", "Print the job as JSON.")],
        examples: ["baton jobs cancel 4211"]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        try JobsDatabase.change(arguments, console: console, outcome: "cancelled", JobQueue.cancel)
    }
}

/// `baton jobs stats`: jobs counted by kind and state.
enum JobsStatsCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "jobs stats",
        summary: "Count jobs by kind and state, with the oldest scheduled time.",
        options: [.flag("json", "Print the counts as JSON.")],
        examples: ["baton jobs stats", "baton jobs stats --json"]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let counts = try JobsDatabase.open { try JobQueue.stats(on: $0) }
        console.result(
            arguments,
            json: {
                counts.map {
                    [
                        "kind": $0.kind, "state": $0.state.rawValue, "count": $0.count,
                        "oldest_scheduled_at": $0.oldestScheduledAt?.formatted(.iso8601) ?? NSNull(),
                    ] as [String: Any]
                }
            }, table: ["KIND", "STATE", "COUNT", "OLDEST SCHEDULED"]
        ) {
            counts.map { [$0.kind, $0.state.rawValue, String($0.count), $0.oldestScheduledAt?.formatted(.iso8601) ?? ""] }
        }
        return .success
    }
}

/// What the `jobs` commands share: the database, job ids, the JSON form of a job.
private enum JobsDatabase {
    static func open<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try ConfiguredDatabase.open { _, connection in try body(connection) }
    }

    /// Applies `change` to the job the ID positional names and prints the job
    /// as it now is: JSON with `--json`, else `job <id> <outcome>`.
    static func change(
        _ arguments: ParsedArguments, console: Console, outcome: String,
        _ change: (_ id: Int64, _ connection: PostgresConnection) throws -> JobRecord
    ) throws -> ExitCode {
        let id = try id(arguments)
        let job = try open { try change(id, $0) }
        console.result(arguments, json: { dictionary(job) }, line: { "job \(job.id) \(outcome)" })
        return .success
    }

    static func id(_ arguments: ParsedArguments) throws(UsageError) -> Int64 {
        guard let text = arguments.positionals.first else { throw UsageError("give a job ID") }
        guard let id = Int64(text), id > 0 else { throw UsageError("a job ID is a positive whole number, got '\(text)'") }
        return id
    }

    static func dictionary(_ job: JobRecord) -> [String: Any] {
        [
            "id": job.id, "kind": job.kind, "state": job.state.rawValue, "priority": job.priority,
            "attempt": job.attempt, "max_attempts": job.maxAttempts, "scheduled_at": job.scheduledAt.formatted(.iso8601),
            "attempted_by": job.attemptedBy ?? NSNull(), "finalized_at": job.finalizedAt?.formatted(.iso8601) ?? NSNull(),
            "last_error": job.lastError.map(jsonValue) ?? NSNull(), "created_at": job.createdAt.formatted(.iso8601),
        ]
    }

    /// `text`, the JSON of an `errors` entry, as a value to print inside the
    /// job's JSON rather than as a string holding JSON; the text itself if it
    /// is somehow not JSON, so nothing is lost.
    private static func jsonValue(_ text: String) -> Any {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)) ?? text
    }
}
