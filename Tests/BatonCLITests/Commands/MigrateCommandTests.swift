import BatonTestSupport
import Foundation
import Postgres
import Testing

@testable import BatonCLI
@testable import BatonCore

@Suite("baton migrate", .timeLimit(.minutes(10)))
struct MigrateCommandTests {
    static let secretHex = TestSecrets.secretKeyHex

    @Test("--wait retries a database that is down until it starts, then migrates")
    func waitsForTheDatabase() throws {
        let cluster = try TestPostgres.privateCluster()
        try cluster.stop()
        let migrate = try BatonProcess(
            ["migrate", "--wait", "60"], environment: ["BATON_DATABASE_URL": cluster.connectionString, "BATON_SECRET_KEY": Self.secretHex])
        #expect(eventually(within: 20) { migrate.errorOutput.contains("not accepting connections yet (connection_failed)") })
        #expect(migrate.isRunning)
        try cluster.start()
        #expect(migrate.exitCode(within: 60) == 0, "\(migrate.errorOutput)")
        #expect(migrate.output.contains("applied 0001_initial.sql"))
    }

    @Test("without --wait, or once the wait is over, a database that is down fails the command with exit 2")
    func givesUp() throws {
        let port = try BatonProcess.freePort()
        let environment = ["BATON_DATABASE_URL": "host=127.0.0.1 port=\(port) dbname=baton", "BATON_SECRET_KEY": Self.secretHex]
        let once = try BatonProcess(["migrate"], environment: environment)
        #expect(once.exitCode(within: 20) == 2)
        let started = ContinuousClock.now
        let waiting = try BatonProcess(["migrate", "--wait", "1"], environment: environment)
        #expect(waiting.exitCode(within: 20) == 2)
        #expect(ContinuousClock.now - started >= .seconds(1))
        #expect(waiting.errorOutput.contains("retrying in"))
    }

    @Test("a wait retries connection failures with doubling delays and throws any other error at once")
    func waitRetriesOnlyConnectionFailures() throws {
        let wait = DatabaseWait(limit: .seconds(5), firstDelay: .milliseconds(1), maximumDelay: .milliseconds(3))
        var attempts = 0
        var delays: [Duration] = []
        let value = try wait.run(
            {
                attempts += 1
                if attempts < 4 { throw PostgresError(.connectionFailed) }
                return attempts
            }, onRetry: { _, delay in delays.append(delay) })
        #expect(value == 4)
        #expect(delays == [.milliseconds(1), .milliseconds(2), .milliseconds(3)])
        attempts = 0
        #expect(throws: PostgresError(.undefinedTable)) {
            try wait.run {
                attempts += 1
                throw PostgresError(.undefinedTable)
            }
        }
        #expect(attempts == 1)
    }

    @Test("--status --json gives the version as a number, the state and applied_at apart")
    func statusJSON() throws {
        let applied = Date(timeIntervalSince1970: 1_800_000_000)
        let rows = [
            Migrator.Status(version: 7, fileName: "0007_invite_deadlines.sql", state: .applied(applied)),
            Migrator.Status(version: 8, fileName: "0008_api_key_notify.sql", state: .pending),
            Migrator.Status(version: 9, fileName: "0009_gone.sql", state: .missing),
        ].map(MigrateCommand.json)
        let text = Console.jsonText(rows)
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(decoded[0]["version"] as? Int == 7)
        #expect(decoded[0]["state"] as? String == "applied")
        #expect(decoded[0]["applied_at"] as? String == "2027-01-15T08:00:00Z")
        #expect(decoded[1]["state"] as? String == "pending" && decoded[1]["applied_at"] is NSNull)
        #expect(decoded[2]["state"] as? String == "missing" && decoded[2]["file"] as? String == "0009_gone.sql")
    }

    @Test("a --wait that is not 1 to 3600 seconds is a usage error")
    func badWait() {
        let captured = CapturedConsole()
        #expect(BatonCommandLine.run(["migrate", "--wait", "0"], console: captured.console) == .usageOrInputError)
        #expect(captured.err.contains("--wait must be a whole number from 1 to 3600"))
    }
}
