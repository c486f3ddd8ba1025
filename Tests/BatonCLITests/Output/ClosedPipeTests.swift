import BatonTestSupport
import Foundation
import Testing

/// `baton` writing to a pipe whose reader went away (`baton worker 2>&1 | head -1`).
@Suite("baton writing into a closed pipe", .timeLimit(.minutes(10)))
struct ClosedPipeTests {
    /// How `baton arguments` ended with standard output and error on a pipe
    /// nobody reads from, SIGPIPE at its default action as a shell leaves it:
    /// the exit status, or 128 plus the signal that killed it.
    static func exitStatus(_ arguments: [String], closedPipe: Bool) throws -> Int32 {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
        close(ends[0])
        defer { close(ends[1]) }
        let output = closedPipe ? ends[1] : open("/dev/null", O_WRONLY)
        defer { if !closedPipe { close(output) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, output, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        let binary = BatonProcess.executable.path
        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, binary, &actions, &attributes, argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .ENOENT) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    @Test(
        "a reader that went away does not kill baton with SIGPIPE: it ends as it would have, the output dropped",
        .enabled(if: BatonProcess.isBuilt, "no baton binary beside the tests"),
        arguments: [["--help"], ["config", "check"]])
    func closedReaderDoesNotKill(_ arguments: [String]) throws {
        let expected = try Self.exitStatus(arguments, closedPipe: false)
        #expect(expected != 128 + SIGPIPE)
        #expect(try Self.exitStatus(arguments, closedPipe: true) == expected)
    }
}
