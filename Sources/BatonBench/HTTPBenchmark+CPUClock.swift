import Foundation

extension HTTPBenchmark {
    /// CPU seconds (user plus system) used by a process so far.
    enum CPUClock {
        /// This process: Baton's server threads (wrk runs as a child, which
        /// `RUSAGE_SELF` does not count).
        static func ownProcess() -> Double? {
            var usage = rusage()
            guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return nil }
            let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
            return seconds(usage.ru_utime) + seconds(usage.ru_stime)
        }

        /// Another process, from `/proc/<pid>/stat` (fields 14 and 15, in clock ticks).
        static func process(_ pid: Int32) -> () -> Double? {
            {
                guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                    let end = stat.lastIndex(of: ")")
                else { return nil }
                // Fields after the command name, which may contain spaces, start at field 3.
                let fields = stat[stat.index(after: end)...].split(separator: " ")
                guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
                return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
            }
        }

        /// The one-minute load average, for the report's notes.
        static func loadAverage() -> String {
            let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
            return text.split(separator: " ").first.map(String.init) ?? "unknown"
        }
    }
}
