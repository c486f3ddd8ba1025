import Foundation
import HTTP
import Synchronization
import Testing

/// Keeps what it is told.
private final class RecordingObserver: RequestObserver {
    private let seen = Mutex<[FinishedRequest]>([])

    func requestFinished(_ request: FinishedRequest) {
        seen.withLock { $0.append(request) }
    }

    /// Waits up to two seconds for `count` requests: completion notices
    /// arrive just after the response is sent.
    func waitFor(count: Int) -> [FinishedRequest] {
        let deadline = ContinuousClock.now + .seconds(2)
        while seen.withLock({ $0.count }) < count, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.005) }
        return seen.withLock { $0 }
    }
}

@Suite("Request observer", .timeLimit(.minutes(10)))
struct RequestObserverTests {
    @Test("an observer hears of every finished request with its route pattern, status and error code")
    func observed() throws {
        let observer = RecordingObserver()
        let server = try TestServer(configure: { $0.requestObserver = observer }) { router in
            router.get("/v1/invites/:token") { _ in .text("hello") }
        }
        _ = try server.get("/v1/invites/SECRET")
        _ = try server.get("/nowhere")
        let seen = observer.waitFor(count: 2).sorted { $0.status < $1.status }
        #expect(seen.map(\.status) == [200, 404])
        #expect(seen.map(\.routePattern) == ["/v1/invites/:token", nil])
        #expect(seen.map(\.errorCode) == [nil, "not_found"])
        #expect(seen.allSatisfy { $0.method == "GET" && $0.duration >= .zero })
    }
}
