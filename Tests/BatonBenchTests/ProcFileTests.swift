import Foundation
import Testing

@testable import BatonBench

@Suite("ProcFile", .timeLimit(.minutes(10)))
struct ProcFileTests {
    @Test("a key's value and its leading number are read from the first matching line; a missing key or file is nil")
    func readsKeyValueLines() throws {
        let path = NSTemporaryDirectory() + "/baton-procfile-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "Name:\tbaton\nVmPeak:\t  99 kB\nVmRSS:\t  31650 kB\nVmRSS:\t 1 kB\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(ProcFile.value(in: path, key: "Name") == "baton")
        #expect(ProcFile.number(in: path, key: "VmRSS") == 31650)
        #expect(ProcFile.number(in: path, key: "Name") == nil)
        #expect(ProcFile.value(in: path, key: "VmSwap") == nil)
        #expect(ProcFile.value(in: path + "-missing", key: "VmRSS") == nil)
    }

    @Test("this process's resident memory is readable from /proc")
    func ownResidentMemory() {
        #expect((ProcFile.number(in: "/proc/\(getpid())/status", key: "VmRSS") ?? 0) > 0)
    }
}
