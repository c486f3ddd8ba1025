import Foundation
import Testing

@testable import BatonBench

@Suite("APIBenchmark.WrkDriver", .timeLimit(.minutes(10)))
struct WrkDriverTests {
    let driver = APIBenchmark.WrkDriver(
        port: 8080, connections: 64, seconds: 5, script: URL(fileURLWithPath: "/dev/null"), cpu: { nil }
    )

    /// A `wrk --latency` report of `requests` requests, with `extra` lines before its rate.
    func report(requests: Int, extra: String = "") -> String {
        """
        Running 5s test @ http://127.0.0.1:8080
          2 threads and 64 connections
          Latency Distribution
             50%    1.25ms
             75%    2.00ms
             90%    3.10ms
             99%  812.00us
          \(requests) requests in 5.00s, 1.00MB read
        \(extra)Requests/sec:   \(requests / 5).00
        Transfer/sec:    200.00KB
        """
    }

    @Test("a report's request count, rate and percentiles are read, p99 in milliseconds")
    func readsReport() throws {
        let measurement = try driver.measurement(in: report(requests: 5000), mode: "preview", offset: 0, freshLines: nil)
        #expect(measurement.requests == 5000)
        #expect(measurement.requestsPerSecond == 1000)
        #expect(measurement.p50Milliseconds == 1.25)
        #expect(abs(measurement.p99Milliseconds - 0.812) < 1e-9)
    }

    @Test("a redeem run that went past its fresh invites fails with invites_exhausted, not wrk's non-2xx count")
    func exhaustedInvites() {
        let threads = APIBenchmark.WrkDriver.threads
        let text = report(requests: 600, extra: "  Non-2xx or 3xx responses: 12\n")
        let error = #expect(throws: BenchmarkError.self) {
            try driver.measurement(in: text, mode: "redeem", offset: 400, freshLines: 400 + 600 * threads - 1)
        }
        #expect(error?.code == "invites_exhausted")
        #expect(error?.message.contains("--invites") == true)
    }

    @Test(
        "without --invites, a warm-up at 7,000 redeems/s sizes enough fresh invites for timed runs at that rate, where 5,000/s assumed ran out"
    )
    func sizedFromWarmUp() throws {
        let options = APIBenchmark.Options(conninfo: "", seconds: 5, repetitions: 3)
        let threads = APIBenchmark.WrkDriver.threads
        let fresh = options.freshInvites(afterWarmUpAt: 7_000, had: APIBenchmark.Options.warmUpInvites)
        let assumed = APIBenchmark.Options.freshInvites(seconds: 5, repetitions: 3)
        var (offset, assumedExhausted) = (7_000 * threads, false)
        for _ in 0..<options.repetitions {
            let text = report(requests: 7_000 * 5)
            let run = try driver.measurement(in: text, mode: "redeem", offset: offset, freshLines: fresh)
            assumedExhausted =
                assumedExhausted || (try? driver.measurement(in: text, mode: "redeem", offset: offset, freshLines: assumed)) == nil
            offset += run.requests * threads
        }
        #expect(assumedExhausted)
    }

    @Test("a fixed --invites is kept whatever the warm-up measured, and a sized count never shrinks what was made")
    func fixedInvitesKept() {
        let fixed = APIBenchmark.Options(conninfo: "", seconds: 5, redeemInvites: 50_000, repetitions: 3)
        #expect(fixed.freshInvites(afterWarmUpAt: 7_000, had: 50_000) == 50_000)
        let sized = APIBenchmark.Options(conninfo: "", seconds: 1, repetitions: 1)
        #expect(sized.freshInvites(afterWarmUpAt: 10, had: APIBenchmark.Options.warmUpInvites) == APIBenchmark.Options.warmUpInvites)
    }

    @Test("a run within its fresh invites that saw non-2xx answers fails with wrk_failed")
    func errorsWithinFreshInvites() {
        let threads = APIBenchmark.WrkDriver.threads
        let text = report(requests: 600, extra: "  Non-2xx or 3xx responses: 12\n")
        let error = #expect(throws: BenchmarkError.self) {
            try driver.measurement(in: text, mode: "redeem", offset: 400, freshLines: 400 + 600 * threads)
        }
        #expect(error?.code == "wrk_failed")
    }

    @Test("a report without a rate or percentiles fails with wrk_failed")
    func unreadableReport() {
        let error = #expect(throws: BenchmarkError.self) {
            try driver.measurement(in: "unable to connect to 127.0.0.1:8080", mode: "preview", offset: 0, freshLines: nil)
        }
        #expect(error?.code == "wrk_failed")
    }
}
