import Foundation
import Telemetry
import Testing

@Suite("Process metrics", .timeLimit(.minutes(10)))
struct ProcessMetricsTests {
    @Test("start time, resident memory and open descriptors are read from /proc")
    func readsProc() throws {
        let families = Dictionary(uniqueKeysWithValues: ProcessMetrics.snapshot().map { ($0.name, $0.samples[0].value) })
        let start = try #require(families["process_start_time_seconds"])
        #expect(abs(start - Date().timeIntervalSince1970) < 24 * 3600)
        #expect(start <= Date().timeIntervalSince1970 + 1)
        #expect(try #require(families["process_resident_memory_bytes"]) > 1_000_000)
        #expect(try #require(families["process_open_fds"]) >= 3)
        #expect(try #require(families["process_max_fds"]) >= families["process_open_fds"] ?? 0)
        #expect(families["process_cpu_seconds_total"] != nil)
    }
}
