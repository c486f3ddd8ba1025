import Telemetry
import Testing

@Suite("TraceSampler", .timeLimit(.minutes(10)))
struct TraceSamplerTests {
    static func trace(low: UInt64) -> TraceID { TraceID(high: 1, low: low)! }
    static let sampledParent = TraceContext(traceID: trace(low: 9), spanID: SpanID(7)!, isSampled: true)
    static let unsampledParent = TraceContext(traceID: trace(low: 9), spanID: SpanID(7)!, isSampled: false)

    @Test("always_on and always_off ignore the parent")
    func fixedSamplers() {
        for parent in [nil, Self.sampledParent, Self.unsampledParent] {
            #expect(TraceSampler.alwaysOn.isSampled(traceID: Self.trace(low: 1), parent: parent))
            #expect(!TraceSampler.alwaysOff.isSampled(traceID: Self.trace(low: 1), parent: parent))
        }
    }

    @Test("traceidratio samples the trace ids whose last 8 bytes fall under the ratio")
    func ratio() {
        let quarter = TraceSampler.traceIDRatio(0.25)
        #expect(quarter.isSampled(traceID: Self.trace(low: 0), parent: nil))
        #expect(quarter.isSampled(traceID: Self.trace(low: UInt64.max / 4 - 1), parent: nil))
        #expect(!quarter.isSampled(traceID: Self.trace(low: UInt64.max / 4 + 1), parent: nil))
        #expect(!quarter.isSampled(traceID: Self.trace(low: .max), parent: Self.sampledParent))
        #expect(TraceSampler.traceIDRatio(1).isSampled(traceID: Self.trace(low: .max), parent: nil))
        #expect(!TraceSampler.traceIDRatio(0).isSampled(traceID: Self.trace(low: 0), parent: nil))
    }

    @Test("a ratio samples about its share of random traces")
    func ratioShare() {
        let sampled = (0..<10_000).filter { _ in TraceSampler.traceIDRatio(0.1).isSampled(traceID: .random(), parent: nil) }.count
        #expect((700...1300).contains(sampled))
    }

    @Test("parentbased follows a parent's flag and asks its root sampler otherwise")
    func parentBased() {
        let sampler = TraceSampler.parentBased(root: .alwaysOff)
        #expect(sampler.isSampled(traceID: Self.trace(low: 1), parent: Self.sampledParent))
        #expect(!sampler.isSampled(traceID: Self.trace(low: 1), parent: Self.unsampledParent))
        #expect(!sampler.isSampled(traceID: Self.trace(low: 1), parent: nil))
        #expect(TraceSampler.parentBased(root: .alwaysOn).isSampled(traceID: Self.trace(low: 1), parent: nil))
        #expect(!TraceSampler.parentBased(root: .alwaysOn).isSampled(traceID: Self.trace(low: 1), parent: Self.unsampledParent))
    }

    @Test("a request's span continues its caller's trace or starts one, flagged by the sampler")
    func requestSpan() {
        let child = TraceSampler.alwaysOff.span(continuing: Self.sampledParent)
        #expect(child.traceID == Self.sampledParent.traceID && child.spanID != Self.sampledParent.spanID && !child.isSampled)
        let root = TraceSampler.alwaysOn.span(continuing: nil)
        #expect(root.traceID != Self.sampledParent.traceID && root.isSampled)
    }
}
