import EventDestinations
import Testing

/// The two brokers, for tests that hold for both alike.
enum Broker: String, CaseIterable, CustomTestStringConvertible {
    case redis, nats

    /// A publisher to `127.0.0.1:port` with `timeouts`.
    func publisher(port: Int, timeouts: DestinationTimeouts) throws -> any EventPublisher {
        switch self {
        case .redis: try RedisStreamPublisher(url: "redis://127.0.0.1:\(port)", stream: "baton:events", timeouts: timeouts)
        case .nats: try JetStreamPublisher(url: "nats://127.0.0.1:\(port)", timeouts: timeouts)
        }
    }

    var testDescription: String { rawValue }
}

@Suite("Publishing to a server that is down or hangs", .timeLimit(.minutes(10)))
struct UnreachableServerTests {
    @Test("a server that is down gives connection_refused within the connect timeout", arguments: Broker.allCases)
    func downServerIsRefused(broker: Broker) async throws {
        let publisher = try broker.publisher(port: try BrokerProcess.freePort(), timeouts: DestinationTimeouts(connect: .seconds(2)))
        let (error, elapsed) = try await onOwnThread { publishFailure(publisher) }
        #expect(error?.kind == .connectionRefused)
        #expect(elapsed < .seconds(2))
    }

    @Test("a server that never answers gives timeout within the timeout", arguments: Broker.allCases)
    func silentServerTimesOut(broker: Broker) async throws {
        let listener = try SilentListener()
        let timeouts = DestinationTimeouts(connect: .milliseconds(500), command: .milliseconds(500))
        let publisher = try broker.publisher(port: listener.port, timeouts: timeouts)
        let (error, elapsed) = try await onOwnThread { publishFailure(publisher) }
        #expect(error?.kind == .timeout)
        #expect(elapsed >= .milliseconds(450) && elapsed < .seconds(2), "took \(elapsed)")
    }
}
