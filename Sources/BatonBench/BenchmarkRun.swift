import Foundation

/// What one timed run of the pool benchmark measured, for ours or pgbench.
struct BenchmarkRun {
    /// Completed queries per second of wall time.
    var queriesPerSecond: Double
    /// Client CPU (user + system) per query, in microseconds. Unlike
    /// throughput it hardly moves when other work shares the machine.
    var cpuMicrosecondsPerQuery: Double

    /// Figures from a throughput and the CPU seconds spent on `queries` queries.
    init(queriesPerSecond: Double, queries: Int, cpuSeconds: Double) {
        self.queriesPerSecond = queriesPerSecond
        cpuMicrosecondsPerQuery = queries > 0 ? cpuSeconds * 1e6 / Double(queries) : 0
    }

    /// User plus system CPU seconds used so far by this process, or by its
    /// children that have been waited for.
    static func cpuSeconds(children: Bool) -> Double {
        var usage = rusage()
        #if os(Linux)
        getrusage(__rusage_who_t((children ? RUSAGE_CHILDREN : RUSAGE_SELF).rawValue), &usage)
        #else
        getrusage(children ? RUSAGE_CHILDREN : RUSAGE_SELF, &usage)
        #endif
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
