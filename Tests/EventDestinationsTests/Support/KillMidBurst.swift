import EventDestinations
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Publishes `events` on a thread of its own, retrying each until it is
/// acknowledged, while the test SIGKILLs `server` after 300 acknowledgements
/// (the publisher holds there until the kill) and restarts it on the same
/// port and data. Expects every event
/// acknowledged in the end and only failures of the `transient` kinds
/// (at least one: the kill must interrupt the burst).
func publishThroughAKill(
    _ events: [DestinationEvent], with publisher: any EventPublisher, killing server: BrokerProcess,
    transient: Set<DestinationError.Kind>
) async throws {
    let acknowledged = Counter()
    let gate = DispatchSemaphore(value: 0)
    async let result = onOwnThread {
        publishRetrying(events, with: publisher, acknowledged: acknowledged, pause: (after: 300, gate: gate))
    }
    try await waitUntil { acknowledged.current >= 300 }
    server.stop(signal: SIGKILL)
    let acknowledgedAtKill = acknowledged.current
    gate.signal()
    try await Task.sleep(for: .milliseconds(300))
    try server.start()
    let (outcomes, failures) = try await result
    #expect(outcomes.count == events.count, "\(failures.count) failures, the last \(failures.last.map(String.init(describing:)) ?? "none")")
    #expect(!failures.isEmpty, "the kill at \(acknowledgedAtKill) acknowledged events interrupted nothing")
    #expect(failures.allSatisfy { transient.contains($0.kind) }, "\(Set(failures.map(\.code)))")
}
