import BatonCore
import BatonServer
import BatonTestSupport
import Foundation
import HTTP
import Testing

/// The golden vectors of `Tests/Fixtures/handoff-vectors.json` (docs/handoff-envelope.md).
struct HandoffVectors: Decodable, Sendable {
    struct Keys: Decodable, Sendable {
        let current: String
        let secrets: [String: String]
    }

    struct Vector: Decodable, Sendable, CustomTestStringConvertible {
        let name: String
        let envelope: String
        let now: Int64
        let mode: String
        let expect: Expectation
        var testDescription: String { name }
    }

    struct Expectation: Decodable, Sendable {
        let ok: [String: JSONScalar]?
        let error: String?
        let details: [String: JSONScalar]?
    }

    let keys: Keys
    let vectors: [Vector]

    static let file: HandoffVectors? = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../../Fixtures/handoff-vectors.json")
        return try? JSONDecoder().decode(HandoffVectors.self, from: Data(contentsOf: url))
    }()

    /// The vectors of the server path, which `POST /v1/handoffs/validate` runs.
    static let server: [Vector] = file?.vectors.filter { $0.mode == "server" } ?? []

    /// `BATON_HANDOFF_KEYS` holding the vectors' keys, the current one first.
    static var keySetting: String {
        guard let keys = file?.keys else { return "" }
        return keys.secrets.sorted { a, _ in a.key == keys.current }.map { "\($0.key):\($0.value)" }.joined(separator: ",")
    }
}

/// A number, string or list of numbers in a vector's expectation.
enum JSONScalar: Decodable, Sendable, Equatable {
    case number(Int64), text(String), numbers([Int64])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int64.self) {
            self = .number(number)
        } else if let numbers = try? container.decode([Int64].self) {
            self = .numbers(numbers)
        } else {
            self = .text(try container.decode(String.self))
        }
    }

    /// Whether `value` (from `JSONSerialization`) is this.
    func matches(_ value: Any?) -> Bool {
        switch self {
        case .number(let number): (value as? Int64) == number || (value as? NSNumber)?.int64Value == number
        case .text(let text): value as? String == text
        case .numbers(let numbers): (value as? [NSNumber])?.map(\.int64Value) == numbers
        }
    }
}

@Suite("POST /v1/handoffs/validate", .timeLimit(.minutes(10)))
struct HandoffRoutesTests {
    @Test("every server-path golden vector gets its verdict over HTTP", arguments: HandoffVectors.server)
    func vector(vector: HandoffVectors.Vector) throws {
        let (app, server) = try Self.start(now: vector.now)
        defer {
            _ = server.shutdown(grace: .seconds(1))
            app.close()
        }
        let client = try HTTPTestClient(port: server.port)
        let response = try client.post("/v1/handoffs/validate", json: ["handoff": vector.envelope])
        if let ok = vector.expect.ok {
            #expect(response.status == 200)
            var flat = response.json.merging(response.json["payload"] as? [String: Any] ?? [:]) { $1 }
            for key in ["issued_at", "expires_at"] {
                flat[key] = (flat[key] as? String).flatMap { try? Date($0, strategy: .iso8601) }.map { Int64($0.timeIntervalSince1970) }
            }
            let renamed = ["alg": "algorithm", "kid": "key_id", "issued_at": "issued_at", "expires_at": "expires_at"]
            for (key, expected) in ok {
                #expect(expected.matches(flat[renamed[key] ?? key]), "\(key)")
            }
        } else {
            #expect(response.status == 422)
            #expect(response.errorCode == vector.expect.error)
            for (key, expected) in vector.expect.details ?? [:] {
                #expect(expected.matches(response.errorDetails[key]), "\(key)")
            }
        }
    }

    @Test("the vectors file was found")
    func vectorsLoaded() {
        #expect(HandoffVectors.server.count > 60)
    }

    /// A server with the vectors' keys whose clock reads `now`; it needs no database.
    static func start(now: Int64) throws -> (BatonApplication, Server) {
        let configuration = try BatonConfiguration(environment: [
            "BATON_DATABASE_URL": "postgresql:///unused", "BATON_SECRET_KEY": TestSecrets.secretKeyHex,
            "BATON_LISTEN": "127.0.0.1:0", "BATON_HTTP_THREADS": "2", "BATON_RATE_LIMITS": "off",
            "BATON_HANDOFF_KEYS": HandoffVectors.keySetting,
        ])
        let app = BatonApplication(configuration: configuration, clock: { Date(timeIntervalSince1970: TimeInterval(now)) })
        return (app, try app.startServer(logSink: DiscardingLogSink()))
    }
}
