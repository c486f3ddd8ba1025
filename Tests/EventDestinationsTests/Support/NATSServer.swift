import CNats
import Foundation

@testable import EventDestinations

/// A `nats-server -js` on a loopback port storing its streams in its own
/// directory, with a stream `BATON` on `baton.>` created through libnats'
/// `js_AddStream`, file storage and a ten-minute duplicate window.
final class NATSServer {
    static let stream = "BATON"
    static let duplicateWindow: Duration = .seconds(600)

    let process: BrokerProcess
    let credentials: (user: String, password: String)?

    /// Starts the server and creates the stream; with `credentials` the
    /// server requires them.
    init(credentials: (user: String, password: String)? = nil, createStream: Bool = true) throws {
        self.credentials = credentials
        process = try BrokerProcess("nats-server") { port, directory in
            ["-js", "-a", "127.0.0.1", "-p", String(port), "-sd", directory.path]
                + (credentials.map { ["--user", $0.user, "--pass", $0.password] } ?? [])
        }
        try process.start()
        if createStream { try addStream() }
    }

    /// The URL a publisher connects with (the right credentials, if any).
    var url: String { "nats://" + (credentials.map { "\($0.user):\($0.password)@" } ?? "") + "127.0.0.1:\(process.port)" }

    private func connection() throws -> NATSConnection {
        try NATSConnection(DestinationURL(url, scheme: "nats", defaultPort: 4222, allowsDatabase: false), timeouts: DestinationTimeouts())
    }

    private func addStream() throws {
        let connection = try connection()
        var config = jsStreamConfig()
        jsStreamConfig_Init(&config)
        var info: UnsafeMutablePointer<jsStreamInfo>?
        var code = jsErrCode(rawValue: 0)
        let status = Self.stream.withCString { name in
            "baton.>".withCString { subject in
                var subjects: [UnsafePointer<CChar>?] = [subject]
                return subjects.withUnsafeMutableBufferPointer { list in
                    config.Name = name
                    config.Subjects = list.baseAddress
                    config.SubjectsLen = 1
                    config.Storage = js_FileStorage
                    config.Duplicates = Int64(Self.duplicateWindow.components.seconds) * 1_000_000_000
                    return js_AddStream(&info, connection.jetStream, &config, nil, &code)
                }
            }
        }
        jsStreamInfo_Destroy(info)
        guard status == NATS_OK else { throw NATSFailure(what: "js_AddStream", status: status, code: code) }
    }

    /// A message as the stream stored it.
    struct StoredMessage {
        var subject: String
        var headers: [String: String]
        var body: [UInt8]
        var id: String { headers["Nats-Msg-Id"] ?? "" }
    }

    /// Every message in the stream, oldest first, read one by one with `js_GetMsg`.
    func messages() throws -> [StoredMessage] {
        let connection = try connection()
        var info: UnsafeMutablePointer<jsStreamInfo>?
        var code = jsErrCode(rawValue: 0)
        var status = js_GetStreamInfo(&info, connection.jetStream, Self.stream, nil, &code)
        defer { jsStreamInfo_Destroy(info) }
        guard status == NATS_OK, let state = info?.pointee.State else {
            throw NATSFailure(what: "js_GetStreamInfo", status: status, code: code)
        }
        guard state.Msgs > 0 else { return [] }
        return try (state.FirstSeq...state.LastSeq).map { sequence in
            var message: OpaquePointer?
            status = js_GetMsg(&message, connection.jetStream, Self.stream, sequence, nil, &code)
            guard status == NATS_OK, let message else { throw NATSFailure(what: "js_GetMsg \(sequence)", status: status, code: code) }
            defer { natsMsg_Destroy(message) }
            var headers: [String: String] = [:]
            for name in ["Nats-Msg-Id", "Baton-Event-Type", "traceparent"] {
                var value: UnsafePointer<CChar>?
                if natsMsgHeader_Get(message, name, &value) == NATS_OK, let value { headers[name] = String(cString: value) }
            }
            let data = natsMsg_GetData(message).map { UnsafeRawBufferPointer(start: $0, count: Int(natsMsg_GetDataLength(message))) }
            return StoredMessage(subject: String(cString: natsMsg_GetSubject(message)), headers: headers, body: data.map(Array.init) ?? [])
        }
    }

    /// A libnats call of the test's own that failed.
    struct NATSFailure: Error, CustomStringConvertible {
        var what: String
        var status: natsStatus
        var code: jsErrCode
        var description: String { "\(what) failed: \(String(cString: natsStatus_GetText(status))) (JetStream code \(code.rawValue))" }
    }
}
