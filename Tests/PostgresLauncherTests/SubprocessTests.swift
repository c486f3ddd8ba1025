import Foundation
import PostgresLauncher
import Testing

@Suite("Subprocess", .timeLimit(.minutes(10)))
struct SubprocessTests {
    @Test("a run collects the exit status and the merged output")
    func runCollectsOutput() throws {
        let outcome = try Subprocess("/bin/sh", ["-c", "echo out; echo err >&2; exit 3"]).run()
        #expect(outcome.status == 3)
        #expect(outcome.output == "out\nerr\n")
    }

    @Test("a started program stops on SIGTERM even when its parent blocks SIGTERM, and its end reports the signal")
    func startedProgramIsSignalled() throws {
        // A server waiting for signals blocks them; the child must not inherit that.
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        let started = Result { try Subprocess("/bin/sleep", ["30"]).start() }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        let running = try started.get()
        #expect(kill(running.pid, 0) == 0)
        #expect(running.send(SIGTERM))
        let outcome = try running.wait()
        #expect(outcome.status == 128 + SIGTERM)
    }

    @Test("a program that does not exist fails to start with a POSIX error")
    func missingProgram() {
        #expect(throws: POSIXError.self) { try Subprocess("/nonexistent/baton-no-such-tool", []).start() }
    }
}
