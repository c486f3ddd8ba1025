import BatonCore
import Foundation
import Postgres
import Testing

@Suite("The bounds of a funnel report", .timeLimit(.minutes(10)))
struct FunnelBoundsTests {
    /// The request of issue #33: every day since 2013, a cohort, by family.
    static let sinceTwentyThirteen = "/v1/metrics/funnel?interval=day&from=2013-03-27T00:00:00Z&group_by=family&view=cohort"

    /// `families` families of `perFamily` invites each, issued one every few
    /// days from 2013-03-28 on and redeemed three hours later, written
    /// straight into the invites and their stage marks.
    static func seed(_ app: TestApp, families: Int, perFamily: Int) throws {
        _ = try app.withConnection { connection in
            try connection.query(
                """
                WITH invite AS (
                    INSERT INTO baton.invites (family_id, family_name, code_hash, token_hash, created_at, expires_at)
                    SELECT 'fam-' || (i % $1), 'Family ' || (i % $1), sha256(('c' || i)::bytea), sha256(('t' || i)::bytea),
                           timestamptz '2013-03-28 12:00:00+00' + i * (interval '4900 days' / ($1 * $2)), now() + interval '9 days'
                    FROM generate_series(1, $1 * $2) AS i RETURNING id, created_at
                )
                INSERT INTO baton.invite_stages (invite_id, stage, first_at)
                SELECT id, 'issued', created_at FROM invite
                UNION ALL SELECT id, 'redeemed', created_at + interval '3 hours' FROM invite
                """, [families, perFamily])
        }
    }

    /// The resident set of process `pid` (`VmRSS` of `/proc/<pid>/status`), in bytes.
    static func residentBytes(of pid: pid_t) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        let kilobytes = try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
        return kilobytes * 1024
    }

    @Test("a cohort by family since 2013 is 422 report_too_large, and the server's memory stays within 100 MB of its start")
    func issueRequestIsRefused() throws {
        let app = try TestApp()
        try Self.seed(app, families: 50, perFamily: 20)
        let server = try ServeProcess(databaseURL: app.app.configuration.databaseURL)
        let client = try HTTPTestClient(port: server.port, apiKey: try app.makeKey([.metricsRead]), timeout: .seconds(60))
        #expect(try client.get("/v1/metrics/funnel").status == 200)
        let before = try Self.residentBytes(of: server.pid)
        let started = ContinuousClock.now
        let response = try client.get(Self.sinceTwentyThirteen)
        let after = try Self.residentBytes(of: server.pid)
        #expect(after - before < 100 << 20, "RSS grew by \(after - before) bytes")
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(response.status == 422)
        #expect(response.errorCode == "report_too_large")
        #expect((response.errorDetails["cells"] as? Int ?? 0) > 100_000)
        #expect(response.errorDetails["limit"] as? Int == 100_000)
    }

    @Test("a breakdown answers the top groups and one other group summing the rest; top is 1-100")
    func topAndOther() throws {
        let app = try TestApp(environment: ["BATON_RATE_LIMITS": "off"])
        try Self.seed(app, families: 4, perFamily: 3)
        let client = try app.client(apiKey: try app.makeKey([.metricsRead]))
        let query = "/v1/metrics/funnel?interval=week&from=2013-03-25T00:00:00Z&group_by=family"
        let response = try client.get(query + "&top=2")
        #expect(response.status == 200)
        let journey = try #require(response.json["journey"] as? [String: Any])
        let groups = try #require(journey["groups"] as? [[String: Any]])
        #expect(groups.count == 3)
        #expect(groups.map { $0["other"] as? Bool } == [false, false, true])
        #expect(groups[2]["key"] is NSNull)
        let issued = groups.map { (($0["totals"] as? [String: Any])?["stages"] as? [String: Int])?["issued"] }
        #expect(issued == [3, 3, 6])
        let everyGroup = try #require(try client.get(query).json["journey"] as? [String: Any])
        #expect((everyGroup["groups"] as? [[String: Any]])?.count == 4)
        for bad in ["0", "101", "two"] {
            let refused = try client.get(query + "&top=" + bad)
            #expect(refused.status == 400 && refused.errorCode == "invalid_parameter")
            #expect(refused.errorDetails["field"] as? String == "top")
        }
    }

    @Test("a report statement past BATON_REPORT_STATEMENT_TIMEOUT_MS is cancelled and answered 503 report_timeout")
    func timeout() throws {
        let app = try TestApp(environment: ["BATON_RATE_LIMITS": "off", "BATON_REPORT_STATEMENT_TIMEOUT_MS": "300"])
        let client = try app.client(apiKey: try app.makeKey([.metricsRead]))
        let locker = try PostgresConnection(app.app.configuration.databaseURL)
        defer { locker.close() }
        try locker.runScript("BEGIN; LOCK TABLE baton.funnel_rollup_state IN ACCESS EXCLUSIVE MODE")
        let started = ContinuousClock.now
        let response = try client.get("/v1/metrics/funnel")
        try locker.runScript("ROLLBACK")
        #expect(response.status == 503)
        #expect(response.errorCode == "report_timeout")
        #expect(response.errorDetails["timeout_ms"] as? Int == 300)
        #expect(ContinuousClock.now - started < .seconds(3))
        #expect(try client.get("/v1/metrics/funnel").status == 200)
    }
}
