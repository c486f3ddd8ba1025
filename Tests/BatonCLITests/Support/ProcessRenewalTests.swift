import Foundation
import Testing

@testable import BatonCLI

@Suite("ProcessRenewal")
struct ProcessRenewalTests {
    @Test("every descriptor from 3 up is marked close-on-exec, and 0-2 are left as they are")
    func marksDescriptorsCloseOnExec() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        #expect(ends.allSatisfy { fcntl($0, F_GETFD) & FD_CLOEXEC == 0 })
        let standardFlags = (0...2).map { fcntl($0, F_GETFD) }

        #expect(ProcessRenewal.markDescriptorsCloseOnExec() >= 2)
        #expect(ends.allSatisfy { fcntl($0, F_GETFD) & FD_CLOEXEC != 0 })
        #expect((0...2).map { fcntl($0, F_GETFD) } == standardFlags)
        #expect(Set(ProcessRenewal.openDescriptors()).isSuperset(of: ends))
    }
}
