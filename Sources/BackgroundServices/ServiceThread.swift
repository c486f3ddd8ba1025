import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How background services and the worker's runners start their threads.
public enum ServiceThread {
    /// The longest thread name Linux keeps (16 bytes with the NUL).
    public static let maxNameLength = 15

    /// Runs `body` on a new thread called `name` (cut to ``maxNameLength``
    /// bytes). Blocking C calls (libpq, libcurl, a job handler) belong on
    /// such threads, never on Swift's cooperative pool.
    public static func start(named name: String, _ body: @escaping @Sendable () -> Void) {
        let shown = String(decoding: name.utf8.prefix(maxNameLength), as: UTF8.self)
        let thread = Thread {
            nameCurrentThread(shown)
            body()
        }
        thread.start()
    }

    /// Names the calling thread for `ps -L`, `top -H` and debuggers. Not
    /// `Thread.name`: on Linux Foundation passes that to the kernel only
    /// when it already knows the thread's handle, which a thread that
    /// starts quickly does not, and a new thread otherwise keeps its
    /// creator's name (a dispatch queue's, say).
    private static func nameCurrentThread(_ name: String) {
        #if canImport(Glibc)
        // proc(5): writing a thread's `comm` renames it, like prctl(PR_SET_NAME).
        let descriptor = open("/proc/thread-self/comm", O_WRONLY)
        guard descriptor >= 0 else { return }
        _ = Array(name.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        #elseif canImport(Darwin)
        _ = pthread_setname_np(name)
        #endif
    }
}
