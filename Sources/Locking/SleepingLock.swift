#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A lock around a small state value that puts a blocked thread to sleep at
/// once, for state that every request takes for a few instructions while
/// many more handler threads than cores run (the pool's bookkeeping, twice
/// per request; the HTTP metrics' counter table; the rate limiter).
///
/// `Mutex` from Synchronization spins before it sleeps. With many more
/// handler threads than cores the holder is often descheduled mid-section,
/// and the spinning cost more server CPU per preview than the handler's own
/// work (docs/performance.md, "Second pass", has the profile). A plain
/// `pthread_mutex_t` hands a waiting thread to the kernel instead. Use
/// `Mutex` where contention is rare.
public final class SleepingLock<State>: @unchecked Sendable {
    // @unchecked: `state` is only touched between lock and unlock of `mutex`.
    // Both are visible to inlined code only, so that `withLock` is
    // specialised in its callers rather than run generically per request.
    @usableFromInline let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    @usableFromInline var state: State

    /// A lock guarding `state`.
    public init(_ state: State) {
        self.state = state
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the state, holding the lock; keep `body` short and free of I/O.
    @inlinable
    public func withLock<T, E: Error>(_ body: (inout State) throws(E) -> T) throws(E) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}
