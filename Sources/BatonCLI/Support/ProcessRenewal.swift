import Foundation

/// Replaces the running process with a fresh copy of itself, the way
/// gunicorn's `max_requests` or PHP-FPM's `pm.max_requests` bound a slow
/// leak, but without a supervisor: same PID, same arguments, same
/// environment, fresh memory.
///
/// The leak it bounds is FoundationNetworking's (see `WebhookTransport`);
/// the caller must have stopped its work first: nothing survives `execv`
/// except the process id, its environment and descriptors 0-2.
enum ProcessRenewal {
    /// The running executable, even if its file was replaced since: the kernel
    /// resolves it to the inode the process runs.
    static let executable = "/proc/self/exe"

    /// Marks every descriptor from 3 up close-on-exec, tells `announce` how
    /// many needed it (to log), flushes stdio and executes ``executable``
    /// with `arguments` (argv, its first element the program name).
    /// Returns only when `execv` failed, with its `errno`.
    static func replaceProcess(arguments: [String], announce: (_ markedDescriptors: Int) -> Void) -> Int32 {
        announce(markDescriptorsCloseOnExec())
        fflush(nil)
        var argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        execv(executable, &argv)
        return errno
    }

    /// Names the process after its program again: after
    /// `execv("/proc/self/exe")` the kernel calls it `exe`, which `ps`,
    /// `top` and `pgrep baton` would show. Writes `/proc/self/comm` (the
    /// main thread's name, which is the process's; at most 15 bytes);
    /// failing that, the name stays.
    static func restoreProcessName(arguments: [String] = CommandLine.arguments) {
        let program = URL(fileURLWithPath: arguments.first ?? "baton").lastPathComponent
        try? Data(program.utf8.prefix(15)).write(to: URL(fileURLWithPath: "/proc/self/comm"))
    }

    /// Sets `FD_CLOEXEC` on every open descriptor from 3 up (database
    /// sockets, the HTTP client's, epoll and timer descriptors): the new
    /// process opens its own, and an inherited one would leak with every
    /// renewal. Reads `/proc/self/fd` (`close_range(CLOSE_RANGE_CLOEXEC)` is
    /// not exposed to Swift); a descriptor another thread opens meanwhile is
    /// opened close-on-exec by the libraries in this process.
    /// Returns how many descriptors it marked.
    static func markDescriptorsCloseOnExec() -> Int {
        openDescriptors().reduce(0) { marked, descriptor in
            let flags = fcntl(descriptor, F_GETFD)
            guard flags >= 0, flags & FD_CLOEXEC == 0 else { return marked }
            return fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) == 0 ? marked + 1 : marked
        }
    }

    /// The descriptors from 3 up open in this process, read from `/proc/self/fd`
    /// (the directory's own descriptor excluded).
    static func openDescriptors() -> [Int32] {
        guard let directory = opendir("/proc/self/fd") else { return [] }
        defer { closedir(directory) }
        let own = dirfd(directory)
        var descriptors: [Int32] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if let descriptor = Int32(name), descriptor >= 3, descriptor != own { descriptors.append(descriptor) }
        }
        return descriptors
    }
}
