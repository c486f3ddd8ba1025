import Testing

@testable import BatonCLI

@Suite("jobs and worker commands")
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
}
