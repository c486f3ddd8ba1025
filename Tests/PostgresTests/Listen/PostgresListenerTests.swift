import Foundation
import Postgres
import Synchronization
import Testing

extension PostgresModuleTests {
    @Suite(.timeLimit(.minutes(10))) struct PostgresListenerTests {
        static let database = SuiteDatabase()

        /// Collects a listener's events and lets a test wait for them.
        final class Recorder: Sendable {
            private let events = Mutex<[PostgresListener.Event]>([])
            private let arrived = DispatchSemaphore(value: 0)

            func record(_ event: PostgresListener.Event) {
                events.withLock { $0.append(event) }
                arrived.signal()
            }

            /// Waits until `count` events of which `matching` are true have arrived.
            func wait(for count: Int, within seconds: Double = 10, _ matching: (PostgresListener.Event) -> Bool) -> Bool {
                let deadline = DispatchTime.now() + seconds
                while events.withLock({ $0.filter(matching).count }) < count {
                    guard arrived.wait(timeout: deadline) == .success else { return false }
                }
                return true
            }

            var all: [PostgresListener.Event] { events.withLock { $0 } }

            var notifications: [PostgresNotification] {
                events.withLock { $0.compactMap { if case .notification(let n) = $0 { n } else { nil } } }
            }
        }

        static func isConnected(_ event: PostgresListener.Event) -> Bool { event == .connected }
        static func isNotification(_ event: PostgresListener.Event) -> Bool { if case .notification = event { true } else { false } }

        func notify(_ channel: String, _ payload: String) throws {
            try Self.database.connect().query("SELECT pg_notify($1, $2)", [channel, payload])
        }

        @Test("a NOTIFY on a listened channel reaches the handler with its payload")
        func deliversNotification() throws {
            let recorder = Recorder()
            let listener = PostgresListener(conninfo: try Self.database.conninfo(), channels: ["jobs", "Other Channel"]) {
                recorder.record($0)
            }
            listener.start()
            defer { listener.stop() }
            #expect(recorder.wait(for: 1, Self.isConnected))
            try notify("Other Channel", "héllo")
            try notify("unheard", "x")
            try notify("jobs", "42")
            #expect(recorder.wait(for: 2, Self.isNotification))
            #expect(recorder.notifications.map(\.channel) == ["Other Channel", "jobs"])
            #expect(recorder.notifications.map(\.payload) == ["héllo", "42"])
        }

        @Test("after its backend is terminated the listener reports disconnected, reconnects, listens again and delivers")
        func relistensAfterReconnect() throws {
            let recorder = Recorder()
            let listener = PostgresListener(conninfo: try Self.database.conninfo(), channels: ["jobs"]) {
                recorder.record($0)
            }
            listener.start()
            defer { listener.stop() }
            #expect(recorder.wait(for: 1, Self.isConnected))
            let killed = try Self.database.connect().query(
                """
                SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'LISTEN%'
                """)
            #expect(killed.count == 1)
            #expect(recorder.wait(for: 1) { $0 == .disconnected })
            #expect(recorder.wait(for: 2, Self.isConnected))
            #expect(recorder.all == [.connected, .disconnected, .connected])
            try notify("jobs", "after")
            #expect(recorder.wait(for: 1, Self.isNotification))
            #expect(recorder.notifications.map(\.payload) == ["after"])
        }

        @Test("a listener stopped before it started never starts and stop does not wait")
        func stopBeforeStart() throws {
            let recorder = Recorder()
            let listener = PostgresListener(conninfo: try Self.database.conninfo(), channels: ["jobs"]) {
                recorder.record($0)
            }
            listener.stop()
            listener.start()
            listener.stop()
            #expect(!recorder.wait(for: 1, within: 0.3, Self.isConnected))
        }

        @Test("stop returns promptly and the stream finishes")
        func streamFinishesOnStop() async throws {
            let (listener, events) = PostgresListener.makeStream(conninfo: try Self.database.conninfo(), channels: ["jobs"])
            listener.start()
            var iterator = events.makeAsyncIterator()
            #expect(await iterator.next() == .connected)
            try notify("jobs", "streamed")
            let event = await iterator.next()
            #expect(event.map { if case .notification(let n) = $0 { n.payload } else { "" } } == "streamed")
            let started = ContinuousClock.now
            listener.stop()
            #expect(ContinuousClock.now - started < .seconds(1))
            #expect(await iterator.next() == nil)
        }
    }
}
