import EventDestinations
import Foundation
import Testing

@Suite("JetStream publishing into a real nats-server -js", .serialized, .timeLimit(.minutes(10)))
struct JetStreamPublisherTests {
    @Test("a burst of 1,000 events leaves exactly 1,000 messages, and publishing each again is acked as a duplicate")
    func burstArrivesOnceEvenWhenRetried() async throws {
        let server = try NATSServer()
        let publisher = try JetStreamPublisher(url: server.url)
        let events = burst(1000)
        let first = try await onOwnThread { try events.map { try publisher.publish($0) } }
        #expect(first.allSatisfy { $0 == .added })
        #expect(try server.messages().map(\.id) == events.map(\.id))

        let second = try await onOwnThread { try events.map { try publisher.publish($0) } }
        #expect(second.allSatisfy { $0 == .duplicate })
        #expect(try server.messages().map(\.id) == events.map(\.id))
    }

    @Test("a message has the filled subject, the id, type and traceparent headers and the body's exact bytes")
    func messageHoldsTheEvent() async throws {
        let server = try NATSServer()
        let publisher = try JetStreamPublisher(url: server.url, subject: "baton.{type}")
        let body: [UInt8] = Array(#"{"a":"é\n"}"#.utf8) + [0, 255, 13]
        let event = DestinationEvent(
            id: "evt_headers", type: "invite.redeemed", body: body, traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01")
        #expect(try await onOwnThread { try publisher.publish(event) } == .added)
        let messages = try server.messages()
        #expect(messages.count == 1)
        #expect(messages.first?.subject == "baton.invite.redeemed")
        #expect(messages.first?.headers == ["Nats-Msg-Id": event.id, "Baton-Event-Type": event.type, "traceparent": event.traceparent!])
        #expect(messages.first?.body == body)
    }

    @Test("a server killed with SIGKILL mid-burst and restarted on its store still holds every event exactly once")
    func killedServerLosesNothing() async throws {
        let server = try NATSServer()
        let publisher = try JetStreamPublisher(url: server.url, timeouts: DestinationTimeouts(command: .seconds(2)))
        let events = burst(1000)
        try await publishThroughAKill(
            events, with: publisher, killing: server.process, transient: [.connectionRefused, .connectionLost, .timeout, .noStream])
        let stored = try server.messages().map(\.id)
        #expect(stored.count == 1000)
        #expect(Set(stored) == Set(events.map(\.id)))
    }

    @Test("a subject no stream captures is no_stream")
    func subjectWithoutStreamIsNoStream() async throws {
        let server = try NATSServer()
        let publisher = try JetStreamPublisher(url: server.url, subject: "elsewhere.{type}")
        let (error, _) = try await onOwnThread { publishFailure(publisher) }
        #expect(error?.kind == .noStream)
    }

    @Test("wrong credentials are auth_failed, and neither password appears in any description")
    func wrongCredentialsAreAuthFailed() async throws {
        let server = try NATSServer(credentials: ("baton", "right-horse-battery"))
        let publisher = try JetStreamPublisher(url: "nats://baton:wrong-staple-9@127.0.0.1:\(server.process.port)")
        let (error, _) = try await onOwnThread { publishFailure(publisher) }
        #expect(error?.kind == .authFailed)
        expectNoSecret(["wrong-staple-9", "right-horse-battery"], in: [error, publisher.url])

        let allowed = try JetStreamPublisher(url: server.url)
        #expect(try await onOwnThread { try allowed.publish(burst(1)[0]) } == .added)
    }
}
