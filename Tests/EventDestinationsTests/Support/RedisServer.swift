import Foundation

@testable import EventDestinations

/// A `redis-server` on a loopback port with its own directory, writing
/// every change to its append-only file before it replies (`appendfsync
/// always`), so a SIGKILL loses nothing it acknowledged.
final class RedisServer {
    let process: BrokerProcess
    let password: String?

    /// Starts the server; with `password` it requires `AUTH`.
    init(password: String? = nil) throws {
        self.password = password
        process = try BrokerProcess("redis-server") { port, directory in
            [
                "--port", String(port), "--bind", "127.0.0.1", "--dir", directory.path, "--appendonly", "yes",
                "--appendfsync", "always", "--save", "", "--daemonize", "no",
            ] + (password.map { ["--requirepass", $0] } ?? [])
        }
        try process.start()
    }

    /// The URL a publisher connects with (the right password, if any).
    var url: String { "redis://" + (password.map { ":\($0)@" } ?? "") + "127.0.0.1:\(process.port)/0" }

    /// A connection of the test's own, for reading the stream back.
    func connection() throws -> RedisConnection {
        try RedisConnection(DestinationURL(url, scheme: "redis", defaultPort: 6379, allowsDatabase: true), timeouts: DestinationTimeouts())
    }

    /// Every entry of `stream`, oldest first, as its fields.
    func entries(of stream: String) throws -> [[String: [UInt8]]] {
        let reply = try connection().command(["XRANGE", stream, "-", "+"].map { Array($0.utf8) })
        guard case .array(let entries) = reply else { return [] }
        return entries.map { entry in
            guard case .array(let parts) = entry, parts.count == 2, case .array(let values) = parts[1] else { return [:] }
            var fields: [String: [UInt8]] = [:]
            for pair in stride(from: 0, to: values.count - 1, by: 2) {
                if case .string(let name) = values[pair], case .string(let value) = values[pair + 1] {
                    fields[String(decoding: name, as: UTF8.self)] = value
                }
            }
            return fields
        }
    }

    /// The value of the `id` field of every entry of `stream`, oldest first.
    func ids(in stream: String) throws -> [String] {
        try entries(of: stream).map { String(decoding: $0["id"] ?? [], as: UTF8.self) }
    }
}
