import Testing

@testable import Postgres

extension PostgresModuleTests {
    @Suite(.timeLimit(.minutes(10))) struct PoolInstantTests {
        @Test(
            "durations become whole nanoseconds, saturating where Int64 ends",
            arguments: [
                (Duration.milliseconds(10), Int64(10_000_000)),
                (.seconds(30 * 60), 1_800_000_000_000),
                (.nanoseconds(1) / 2, 0),
                (.seconds(Int64.max), .max),
                (.seconds(Int64.min), .min),
                (.seconds(9_223_372_036) + .milliseconds(900), .max),
            ])
        func durationsConvert(_ duration: Duration, _ nanoseconds: Int64) {
            #expect(PoolInstant.nanoseconds(duration) == nanoseconds)
        }

        @Test("the pool's clock never runs backwards")
        func clockIsMonotonic() {
            let earlier = PoolInstant.now
            #expect(PoolInstant.now.nanoseconds(since: earlier) >= 0)
        }
    }
}
