import EventDestinations
import Testing

/// Publishes one event expecting a failure: the error and how long it took.
func publishFailure(_ publisher: any EventPublisher) -> (DestinationError?, Duration) {
    let start = ContinuousClock.now
    do {
        _ = try publisher.publish(burst(1)[0])
        return (nil, start.duration(to: .now))
    } catch {
        return (error, start.duration(to: .now))
    }
}

/// Waits up to `seconds` for `condition`, checking every 5 ms.
func waitUntil(within seconds: Double = 30, _ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("the condition did not hold within \(seconds) s")
            return
        }
        try await Task.sleep(for: .milliseconds(5))
    }
}

/// Expects none of `secrets` in any way `values` are shown: `description`,
/// `debugDescription`, `dump` (what a log line or a debugger prints).
func expectNoSecret(_ secrets: [String], in values: [Any?], sourceLocation: SourceLocation = #_sourceLocation) {
    for value in values {
        var dumped = ""
        dump(value, to: &dumped)
        let shown = [String(describing: value), String(reflecting: value), dumped].joined(separator: "\n")
        for secret in secrets {
            #expect(!shown.contains(secret), "shown: \(shown)", sourceLocation: sourceLocation)
        }
    }
}
