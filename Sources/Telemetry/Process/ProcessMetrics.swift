import Foundation

/// The standard `process_*` families of Prometheus client libraries, read
/// from `/proc` at scrape time (Linux): start time, CPU seconds, resident
/// memory, open and maximum file descriptors. On a system without `/proc`
/// the families that cannot be read are left out.
public enum ProcessMetrics {
    /// The families, read now.
    public static func snapshot() -> [FamilySnapshot] {
        var families: [FamilySnapshot] = []
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        if let stat = processStatFields(), ticks > 0 {
            // Fields counted from 3 (after "pid (comm)"): utime 14, stime 15, starttime 22.
            let cpu = (Double(stat[14 - 3]) ?? 0) + (Double(stat[15 - 3]) ?? 0)
            families.append(.counter("process_cpu_seconds_total", help: "User and system CPU time spent, in seconds.", value: cpu / ticks))
            if let bootTime = bootTime(), let started = Double(stat[22 - 3]) {
                families.append(
                    .gauge(
                        "process_start_time_seconds", help: "Start time of the process since the Unix epoch, in seconds.",
                        value: bootTime + started / ticks
                    ))
            }
        }
        if let pages = read("/proc/self/statm")?.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) {
            families.append(
                .gauge(
                    "process_resident_memory_bytes", help: "Resident memory size, in bytes.",
                    value: pages * Double(sysconf(Int32(_SC_PAGESIZE)))
                ))
        }
        if let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
            // The directory listing itself holds one descriptor while it runs.
            families.append(.gauge("process_open_fds", help: "Open file descriptors.", value: Double(max(0, descriptors.count - 1))))
        }
        var limit = rlimit()
        if getrlimit(openFilesResource, &limit) == 0 {
            families.append(.gauge("process_max_fds", help: "Most file descriptors the process may open.", value: Double(limit.rlim_cur)))
        }
        return families
    }

    /// `/proc/self/stat` split after the command name, which may hold spaces
    /// and parentheses: the first element is field 3 (state).
    private static func processStatFields() -> [Substring]? {
        guard let text = read("/proc/self/stat"), let end = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: end)...].split(separator: " ")
        return fields.count >= 20 ? fields : nil
    }

    /// The boot time in seconds since the epoch, from `btime` in `/proc/stat`.
    private static func bootTime() -> Double? {
        guard let text = read("/proc/stat") else { return nil }
        return text.split(separator: "\n").first { $0.hasPrefix("btime ") }.flatMap { Double($0.dropFirst(6)) }
    }

    private static func read(_ path: String) -> String? {
        try? String(contentsOfFile: path, encoding: .utf8)
    }

    #if canImport(Glibc)
    private static let openFilesResource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let openFilesResource = RLIMIT_NOFILE
    #endif
}
