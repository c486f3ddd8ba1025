import BatonCore
import BatonWorker
import Foundation
import JobQueue
import Postgres

extension WebhookBenchmark {
    /// `bench/ceiling/webhooks.c`, compiled once, with the statements it
    /// runs written to files beside it.
    struct Ceiling {
        let binary: String
        let statements: [String]
        let conninfo: String

        /// Compiles the ceiling and writes the claim, event-body and
        /// complete statements, exactly as Baton's queue and handler prepare them.
        init(repository: URL, conninfo: String) throws {
            let binary = try HTTPBenchmark.compile(["webhooks.c"], repository: repository, packages: ["libpq", "libcurl", "libsodium"])
            self.binary = binary
            self.conninfo = conninfo
            statements = try [JobQueue.claimStatement, Self.bodyStatement, JobQueue.completeStatement].map { statement in
                let path = binary + "-" + statement.name + ".sql"
                try Data(statement.sql.utf8).write(to: URL(fileURLWithPath: path))
                return path
            }
        }

        /// The event's webhook body, built as the delivery's first statement builds it.
        static let bodyStatement = PostgresStatement(
            name: "webhook_event_body",
            sql: """
                SELECT baton.webhook_body(e.event_id, e.type, e.occurred_at, e.data, i.source, i.campaign) AS body
                FROM baton.events e LEFT JOIN baton.invites i ON i.id = e.invite_id WHERE e.event_id = $1
                """)

        /// Removes the binary and the statement files.
        func remove() {
            for path in [binary] + statements { try? FileManager.default.removeItem(atPath: path) }
        }

        /// Runs the ceiling until it delivered `jobs`, claiming `batch` at a time.
        func deliver(jobs: Int, batch: Int, url: URL) throws -> Side {
            let arguments =
                [
                    conninfo, url.absoluteString, WebhookBenchmark.secret, String(jobs), String(batch), "ceiling-\(getpid())",
                    OutboxEvents.webhookKind,
                ]
                + statements
            let fields = HTTPBenchmark.output(of: binary, arguments)?.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
            guard let fields, fields.count == 3, Int(fields[0]) == jobs, fields[1] > 0 else {
                throw BenchmarkError(
                    code: "ceiling_failed", message: "The C webhook ceiling failed or delivered fewer than \(jobs) webhooks.")
            }
            return Side(perSecond: fields[0] / fields[1], cpuMicroseconds: fields[2] / fields[0] * 1e6)
        }
    }
}
