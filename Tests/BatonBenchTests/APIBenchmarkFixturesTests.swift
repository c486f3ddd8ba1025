import BatonTestSupport
import Foundation
import Postgres
import Testing

@testable import BatonBench

// Serialized: a benchmark's files are named after its process.
@Suite("APIBenchmark.Fixtures", .serialized, .timeLimit(.minutes(10)))
struct APIBenchmarkFixturesTests {
    @Test("fresh invites added after the warm-up extend both credential files and number on in pgbench's table")
    func addRedeemInvites() throws {
        let conninfo = try TestPostgres.shared.makeMigratedDatabase()
        let options = APIBenchmark.Options(conninfo: conninfo, redeemInvites: 1000, previewInvites: 10)
        let fixtures = try APIBenchmark.Fixtures.prepare(options)
        defer { fixtures.remove() }
        try fixtures.addRedeemInvites(500, after: 1000)
        let lines = try [fixtures.redeemFile, fixtures.ceilingRedeemFile].map {
            try String(contentsOf: $0, encoding: .utf8).split(separator: "\n").map(String.init)
        }
        #expect(lines.map(\.count) == [1500, 1500])
        #expect(Set(lines[0] + lines[1]).count == 3000)
        let connection = try PostgresConnection(conninfo)
        defer { connection.close() }
        let numbered = try connection.query(
            "SELECT min(n) AS low, max(n) AS high, count(DISTINCT token_hash) AS hashes FROM baton_bench_redeem")
        #expect(try numbered[0].decode(Int.self, "low") == 1)
        #expect(try numbered[0].decode(Int.self, "high") == 1500)
        #expect(try numbered[0].decode(Int.self, "hashes") == 1500)
        #expect(try connection.query("SELECT count(*) FROM baton.invites WHERE family_id = 'bench'")[0].decode(Int.self, at: 0) == 4510)
    }

    @Test("pgbench's redeem runs past their fresh invites fail with invites_exhausted")
    func pgbenchExhausted() throws {
        let conninfo = try TestPostgres.shared.makeMigratedDatabase()
        let fixtures = try APIBenchmark.Fixtures.prepare(APIBenchmark.Options(conninfo: conninfo, redeemInvites: 1000, previewInvites: 10))
        defer { fixtures.remove() }
        let connection = try PostgresConnection(conninfo)
        defer { connection.close() }
        try connection.query("SELECT setval('baton_bench_redeem_next', 1000)")
        try fixtures.checkPgbenchRedeems(within: 1000)
        try connection.query("SELECT nextval('baton_bench_redeem_next')")
        let error = #expect(throws: BenchmarkError.self) { try fixtures.checkPgbenchRedeems(within: 1000) }
        #expect(error?.code == "invites_exhausted")
    }
}
