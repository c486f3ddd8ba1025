import BatonTestSupport
import Foundation
import Testing

@testable import BatonCLI

@Suite("jobs and worker commands", .timeLimit(.minutes(10)))
struct JobsCommandsTests {
    @Test(
        "bad job command lines exit 2 before touching the database",
        arguments: [
            (["jobs", "retry", "7", "--discarded"], "not both"),
            (["jobs", "retry"], "give a job ID"),
            (["jobs", "cancel", "seven"], "positive whole number"),
            (["jobs", "list", "--state", "finished"], "--state must be"),
            (["worker", "--concurrency", "0"], "--concurrency must be"),
        ])
    func usageErrors(arguments: [String], expected: String) {
        let captured = CapturedConsole()
        #expect(BatonCommandLine.run(arguments, console: captured.console) == .usageOrInputError)
        #expect(captured.err.contains(expected))
    }

    @Test(
        "every jobs command and the worker have help with examples",
        arguments: [
            ["jobs", "list"], ["jobs", "retry"], ["jobs", "cancel"], ["jobs", "stats"], ["worker"],
        ])
    func helpHasExamples(command: [String]) {
        let captured = CapturedConsole()
        #expect(BatonCommandLine.run(command + ["--help"], console: captured.console) == .success)
        #expect(captured.out.contains("Examples:\n  baton \(command.joined(separator: " "))"))
    }

    @Test("jobs list --json gives last_error as a JSON object, not JSON inside a string")
    func lastErrorIsAnObject() throws {
        let db = try MigratedDatabase()
        try db.connection.query(
            """
            INSERT INTO baton.jobs (kind, state, attempt, errors)
            VALUES ('webhook.deliver', 'retryable', 2, jsonb_build_array(baton.job_error(1, 'timeout', 'w1'), baton.job_error(2, 'HTTP 503 "busy"', 'w2')))
            """)
        let outcome = try BatonRun.run(
            ["jobs", "list", "--json"],
            environment: ["BATON_DATABASE_URL": db.conninfo, "BATON_SECRET_KEY": TestSecrets.secretKeyHex])
        #expect(outcome.status == 0, "\(outcome.err)")
        let jobs = try #require(try JSONSerialization.jsonObject(with: Data(outcome.out.utf8)) as? [[String: Any]])
        let lastError = try #require(jobs.first?["last_error"] as? [String: Any], "\(outcome.out)")
        #expect(lastError["error"] as? String == #"HTTP 503 "busy""#)
        #expect(lastError["attempt"] as? Int == 2)
        #expect(lastError["worker"] as? String == "w2")
    }
}
