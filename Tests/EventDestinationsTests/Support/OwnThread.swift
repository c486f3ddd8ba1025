import EventDestinations
import Foundation
import Synchronization

/// Runs `body` on a new thread and returns its result: the publishers
/// block in C calls, which belong on threads of their own, never on the
/// cooperative pool the test itself runs on.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

/// `count` events of one type with ids `evt_<run>_<n>` and small JSON bodies.
func burst(_ count: Int, type: String = "invite.redeemed") -> [DestinationEvent] {
    let run = UUID().uuidString.prefix(8)
    return (0..<count).map { index in
        let id = "evt_\(run)_\(index)"
        return DestinationEvent(id: id, type: type, body: Array(#"{"id":"\#(id)","type":"\#(type)","n":\#(index)}"#.utf8))
    }
}

/// Publishes `events` in order, retrying the first unacknowledged one every
/// 20 ms until it is acknowledged (as the worker retries a job), for up to
/// `seconds`. `acknowledged` counts the events done, for a test that kills
/// the server mid-burst; with a `pause`, the publisher waits for its gate
/// once that many are done, so the kill lands mid-burst however fast the
/// burst runs. Returns every outcome and every failure seen.
func publishRetrying(
    _ events: [DestinationEvent], with publisher: any EventPublisher, acknowledged: Counter, within seconds: Double = 60,
    pause: (after: Int, gate: DispatchSemaphore)? = nil
) -> (outcomes: [PublishOutcome], failures: [DestinationError]) {
    let deadline = Date().addingTimeInterval(seconds)
    var outcomes: [PublishOutcome] = []
    var failures: [DestinationError] = []
    for event in events {
        while Date() < deadline {
            do {
                outcomes.append(try publisher.publish(event))
                acknowledged.add()
                if let pause, outcomes.count == pause.after { pause.gate.wait() }
                break
            } catch {
                failures.append(error)
                Thread.sleep(forTimeInterval: 0.02)
            }
        }
    }
    return (outcomes, failures)
}

/// A count one thread raises while another reads it.
final class Counter: Sendable {
    private let value = Mutex(0)
    func add() { value.withLock { $0 += 1 } }
    var current: Int { value.withLock { $0 } }
}
