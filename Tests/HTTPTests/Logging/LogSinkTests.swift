import Foundation
import Testing

@testable import HTTP

@Suite("Log sinks", .timeLimit(.minutes(10)))
struct LogSinkTests {
    @Test("a file descriptor sink writes a line given as a String or as bytes the same way, each with one newline")
    func fileDescriptorSink() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let sink = FileDescriptorLogSink(descriptor: ends[1])
        sink.write(line: #"{"n":1,"text":"caf\#u{E9}"}"#)
        var bytes = Array(#"{"n":2,"text":"caf\#u{E9}"}"#.utf8)
        bytes.withUnsafeMutableBufferPointer { sink.write(utf8Line: UnsafeBufferPointer($0)) }
        close(ends[1])
        let written = FileHandle(fileDescriptor: ends[0]).readDataToEndOfFile()
        #expect(String(decoding: written, as: UTF8.self) == "{\"n\":1,\"text\":\"caf\u{E9}\"}\n{\"n\":2,\"text\":\"caf\u{E9}\"}\n")
    }

    @Test("a line the descriptor refuses is dropped and counted in droppedLines")
    func failedWriteIsCounted() {
        let readOnly = open("/dev/null", O_RDONLY)
        defer { close(readOnly) }
        let before = FileDescriptorLogSink.droppedLines
        FileDescriptorLogSink(descriptor: readOnly).write(line: "lost")
        // Other tests' sinks may drop lines at the same time: at least this one is counted.
        #expect(FileDescriptorLogSink.droppedLines >= before + 1)
    }

    @Test("an access log entry's bytes are the line a sink that takes Strings gets")
    func entryBytesMatchLine() {
        let entry = AccessLogEntry(
            timestamp: Date(timeIntervalSince1970: 1_764_000_000.25), requestID: "r\u{202E}1", method: "GET", route: "/a/:b",
            status: 503, bytes: 12, duration: .microseconds(1500), client: "::1", outcome: "request completed",
            failure: "DatabaseError"
        )
        let bytes = entry.withLine { Array($0) }
        #expect(String(decoding: bytes, as: UTF8.self) == entry.line())
        #expect(
            entry.line()
                == #"{"ts":"2025-11-24T16:00:00.250Z","level":"error","msg":"request completed","request_id":"r\u202E1","trace_id":null,"span_id":null,"method":"GET","route":"/a/:b","status":503,"bytes":12,"duration_ms":1.500,"client":"::1","error_type":"DatabaseError"}"#
        )
    }
}
