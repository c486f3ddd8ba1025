import BatonCore
import BatonTestSupport
import Postgres
import Testing

@testable import BatonBench

@Suite("QueueBenchmark", .timeLimit(.minutes(10)))
struct QueueBenchmarkTests {
    @Test("the cheapest queue's statement deletes and returns one batch of due no-op jobs per run, in claim order, and nothing else")
    func deletingScript() throws {
        let connection = try PostgresConnection(try TestPostgres.shared.makeMigratedDatabase())
        defer { connection.close() }
        try connection.query("INSERT INTO baton.jobs (kind) SELECT $1 FROM generate_series(1, 25)", [QueueBenchmark.kind])
        try connection.query("INSERT INTO baton.jobs (kind) SELECT 'other.kind' FROM generate_series(1, 3)")
        try connection.query("INSERT INTO baton.jobs (kind, scheduled_at) VALUES ($1, now() + interval '1 hour')", [QueueBenchmark.kind])
        let script = QueueBenchmark(conninfo: "", concurrency: 10).deletingScript
        #expect(script.hasSuffix(";\n") && !script.dropLast().contains("\n"))
        let statement = String(script.dropLast(2))
        var batches: [[Int64]] = []
        for _ in 0..<4 { batches.append(try connection.query(statement).map { try $0.decode(Int64.self, "id") }) }
        #expect(batches.map(\.count) == [10, 10, 5, 0])
        #expect(batches.flatMap { $0 } == batches.flatMap { $0 }.sorted())
        let left = try connection.query("SELECT kind, count(*) AS n FROM baton.jobs GROUP BY kind ORDER BY kind").map {
            "\(try $0.decode(String.self, "kind")) \(try $0.decode(Int.self, "n"))"
        }
        #expect(left == ["bench.noop 1", "other.kind 3"])
    }
}
