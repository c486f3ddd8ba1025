#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The pool's clock: a monotonic instant in nanoseconds from the kernel's
/// coarse clock (`CLOCK_MONOTONIC_COARSE` on Linux).
///
/// The pool reads the time twice per request: for the idle time of the
/// connection it hands out, and for the idle start and the age of the one it
/// takes back. The coarse clock is a plain read of the vDSO page, a fraction
/// of what `ContinuousClock.now` costs before any `Duration` arithmetic
/// (docs/postgres.md has the figures). Its resolution, one kernel tick (1–4 ms), is far
/// below what the pool compares against (10 ms, seconds, minutes).
struct PoolInstant {
    let nanoseconds: Int64

    /// The current instant.
    static var now: PoolInstant {
        var time = timespec()
        #if canImport(Glibc)
        clock_gettime(CLOCK_MONOTONIC_COARSE, &time)
        #else
        clock_gettime(CLOCK_MONOTONIC_RAW_APPROX, &time)
        #endif
        return PoolInstant(nanoseconds: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec))
    }

    /// Nanoseconds from `earlier` to this instant.
    func nanoseconds(since earlier: PoolInstant) -> Int64 {
        nanoseconds - earlier.nanoseconds
    }

    /// `duration` in whole nanoseconds, saturating, so that a configured
    /// `.seconds(.max)` means "never" rather than a trap.
    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        let (total, sumOverflow) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        return sumOverflow ? (scaled < 0 ? .min : .max) : total
    }
}
