import Foundation
import Testing

@testable import EventDestinations

@Suite("Redis Streams publishing into a real redis-server", .serialized, .timeLimit(.minutes(10)))
struct RedisStreamPublisherTests {
    static let stream = "baton:events"

    @Test("a burst of 1,000 events leaves exactly 1,000 entries, and publishing each again adds none")
    func burstArrivesOnceEvenWhenRetried() async throws {
        let server = try RedisServer()
        let publisher = try RedisStreamPublisher(url: server.url, stream: Self.stream)
        let events = burst(1000)
        let first = try await onOwnThread { try events.map { try publisher.publish($0) } }
        #expect(first.allSatisfy { $0 == .added })
        #expect(try server.ids(in: Self.stream) == events.map(\.id))

        let second = try await onOwnThread { try events.map { try publisher.publish($0) } }
        #expect(second.allSatisfy { $0 == .duplicate })
        #expect(try server.ids(in: Self.stream) == events.map(\.id))
    }

    @Test("an entry holds the id, the type, the body's exact bytes and the traceparent")
    func entryHoldsTheEventsFields() async throws {
        let server = try RedisServer()
        let publisher = try RedisStreamPublisher(url: server.url, stream: Self.stream)
        let body: [UInt8] = Array(#"{"a":"é\n"}"#.utf8) + [0, 255, 13]
        let event = DestinationEvent(
            id: "evt_fields", type: "invite.redeemed", body: body, traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01")
        #expect(try await onOwnThread { try publisher.publish(event) } == .added)
        let entries = try server.entries(of: Self.stream)
        #expect(entries.count == 1)
        #expect(entries.first?["id"] == Array(event.id.utf8))
        #expect(entries.first?["type"] == Array(event.type.utf8))
        #expect(entries.first?["body"] == body)
        #expect(entries.first?["traceparent"] == Array(event.traceparent!.utf8))
    }

    @Test("the dedupe key lives for the configured TTL")
    func dedupeKeyHasItsTTL() async throws {
        let server = try RedisServer()
        let publisher = try RedisStreamPublisher(url: server.url, stream: Self.stream, dedupeTTL: .seconds(3600))
        let event = burst(1)[0]
        _ = try await onOwnThread { try publisher.publish(event) }
        let ttl = try server.connection().command(["TTL", "baton:dedupe:" + event.id].map { Array($0.utf8) })
        guard case .integer(let seconds) = ttl else {
            Issue.record("TTL answered \(ttl)")
            return
        }
        #expect((3590...3600).contains(seconds))
    }

    @Test("a URL's database number selects the database the entry goes to")
    func databaseIsSelected() async throws {
        let server = try RedisServer()
        let publisher = try RedisStreamPublisher(url: "redis://127.0.0.1:\(server.process.port)/2", stream: Self.stream)
        #expect(try await onOwnThread { try publisher.publish(burst(1)[0]) } == .added)
        #expect(try server.ids(in: Self.stream).isEmpty)
        let reader = try server.connection()
        #expect(try reader.command(["SELECT", "2"].map { Array($0.utf8) }) == .status("OK"))
        #expect(try reader.command(["XLEN", Self.stream].map { Array($0.utf8) }) == .integer(1))
    }

    @Test("a server that lost its script cache gets the script again, and the retry is still a duplicate")
    func flushedScriptCacheIsReloaded() async throws {
        let server = try RedisServer()
        let publisher = try RedisStreamPublisher(url: server.url, stream: Self.stream)
        let events = burst(2)
        #expect(try await onOwnThread { try publisher.publish(events[0]) } == .added)
        #expect(try server.connection().command(["SCRIPT", "FLUSH"].map { Array($0.utf8) }) == .status("OK"))
        #expect(try await onOwnThread { try publisher.publish(events[0]) } == .duplicate)
        #expect(try await onOwnThread { try publisher.publish(events[1]) } == .added)
        #expect(try server.ids(in: Self.stream) == events.map(\.id))
    }

    @Test("with max_length the stream is trimmed to about that many entries")
    func maxLengthTrims() async throws {
        let server = try RedisServer()
        let publisher = try RedisStreamPublisher(url: server.url, stream: Self.stream, maxLength: 100)
        let events = burst(1000)
        _ = try await onOwnThread { try events.map { try publisher.publish($0) } }
        let kept = try server.ids(in: Self.stream)
        // `~` trims whole radix-tree nodes (100 entries each by default), so
        // the stream keeps at least 100 and less than one node more.
        #expect((100..<300).contains(kept.count), "kept \(kept.count)")
        #expect(kept.last == events.last?.id)
    }

    @Test("a server killed with SIGKILL mid-burst and restarted on its data still holds every event exactly once")
    func killedServerLosesNothing() async throws {
        let server = try RedisServer()
        let publisher = try RedisStreamPublisher(url: server.url, stream: Self.stream, timeouts: DestinationTimeouts(command: .seconds(2)))
        let events = burst(1000)
        try await publishThroughAKill(
            events, with: publisher, killing: server.process, transient: [.connectionRefused, .connectionLost, .timeout, .unavailable])
        let stored = try server.ids(in: Self.stream)
        #expect(stored.count == 1000)
        #expect(Set(stored) == Set(events.map(\.id)))
    }

    @Test("a wrong password is auth_failed, and neither password appears in any description")
    func wrongPasswordIsAuthFailed() async throws {
        let server = try RedisServer(password: "right-horse-battery")
        let url = "redis://default:wrong-staple-9@127.0.0.1:\(server.process.port)/0"
        let publisher = try RedisStreamPublisher(url: url, stream: Self.stream)
        let (error, _) = try await onOwnThread { publishFailure(publisher) }
        #expect(error?.kind == .authFailed)
        expectNoSecret(["wrong-staple-9", "right-horse-battery"], in: [error, publisher.url])
        #expect(String(describing: publisher.url) == "redis://default:***@127.0.0.1:\(server.process.port)/0")

        let unauthenticated = try RedisStreamPublisher(url: "redis://127.0.0.1:\(server.process.port)", stream: Self.stream)
        let (refusal, _) = try await onOwnThread { publishFailure(unauthenticated) }
        #expect(refusal?.kind == .authFailed)
        #expect(try server.ids(in: Self.stream).isEmpty)
    }
}
