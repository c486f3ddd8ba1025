import Foundation
import Synchronization

/// Where log lines go. `write` gets one complete line without its newline and
/// is called from libmicrohttpd's pool threads, concurrently: a sink must be
/// thread-safe and should not block for long.
public protocol LogSink: Sendable {
    /// Writes one line.
    func write(line: String)

    /// Writes one line given as UTF-8 bytes, valid only during the call: the
    /// server's access log uses this, so that a sink writing bytes anyway
    /// needs no `String` per request. The default makes one for `write(line:)`.
    func write(utf8Line: UnsafeBufferPointer<UInt8>)
}

extension LogSink {
    /// Decodes the bytes and calls `write(line:)`.
    public func write(utf8Line: UnsafeBufferPointer<UInt8>) {
        write(line: String(decoding: utf8Line, as: UTF8.self))
    }
}

/// Writes each line plus a newline to a file descriptor with one `writev(2)`,
/// so concurrent lines never interleave (lines up to `PIPE_BUF` on pipes; any
/// length on regular files opened for append).
public struct FileDescriptorLogSink: LogSink {
    private let descriptor: Int32

    /// A sink writing to `descriptor`, which stays owned by the caller.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Standard error: the default sink, for a supervisor to collect.
    public static let standardError = FileDescriptorLogSink(descriptor: STDERR_FILENO)
    /// Standard output, for the command line's output.
    public static let standardOutput = FileDescriptorLogSink(descriptor: STDOUT_FILENO)

    /// Lines any sink of this process dropped because the write failed or
    /// was cut short: the reader of a pipe went away (with SIGPIPE ignored,
    /// as `baton` does, the write fails with `EPIPE`), the disk is full.
    /// Exported as `baton_log_lines_dropped_total`.
    public static var droppedLines: Int { dropped.load(ordering: .relaxed) }
    private static let dropped = Atomic<Int>(0)

    /// Writes `line` and a newline; a failed or short write is dropped and
    /// counted in ``droppedLines``, since a logger has nowhere better to report it.
    public func write(line: String) {
        var line = line
        line.withUTF8 { write(utf8Line: $0) }
    }

    /// Writes `utf8Line` and a newline, as `write(line:)` does.
    public func write(utf8Line: UnsafeBufferPointer<UInt8>) {
        var newline = UInt8(ascii: "\n")
        withUnsafeMutablePointer(to: &newline) { newlinePointer in
            var parts = (
                iovec(iov_base: UnsafeMutableRawPointer(mutating: utf8Line.baseAddress), iov_len: utf8Line.count),
                iovec(iov_base: UnsafeMutableRawPointer(newlinePointer), iov_len: 1)
            )
            let written = withUnsafeMutableBytes(of: &parts) {
                writev(descriptor, $0.baseAddress?.assumingMemoryBound(to: iovec.self), 2)
            }
            if written != utf8Line.count + 1 { Self.dropped.add(1, ordering: .relaxed) }
        }
    }
}
