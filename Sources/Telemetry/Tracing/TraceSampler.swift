/// Whether a new span is recorded (its `sampled` flag), as the
/// OpenTelemetry samplers named by `OTEL_TRACES_SAMPLER` decide it. A pure
/// function of the trace id and the parent: every process that sees the
/// same trace under the same ratio decides the same way.
public enum TraceSampler: Hashable, Sendable {
    /// Every span is sampled (`always_on`).
    case alwaysOn
    /// No span is sampled (`always_off`).
    case alwaysOff
    /// A fraction of traces, 0…1, chosen by the trace id (`traceidratio`).
    case traceIDRatio(Double)
    /// A span with a parent follows the parent's flag; a root asks `root`
    /// (`parentbased_always_on`, `parentbased_always_off`, `parentbased_traceidratio`).
    indirect case parentBased(root: TraceSampler)

    /// Whether a span of `traceID` under `parent` (nil for a root) is sampled.
    public func isSampled(traceID: TraceID, parent: TraceContext?) -> Bool {
        switch self {
        case .alwaysOn: true
        case .alwaysOff: false
        case .traceIDRatio(let ratio): Self.isUnder(ratio, traceID)
        case .parentBased(let root): parent.map(\.isSampled) ?? root.isSampled(traceID: traceID, parent: nil)
        }
    }

    /// The server span of a request whose caller sent `caller` (nil when it
    /// sent no valid `traceparent`): a child of the caller's span, or the
    /// root of a new trace, flagged by this sampler.
    public func span(continuing caller: TraceContext?) -> TraceContext {
        var span = caller?.child() ?? .root(sampled: false)
        span.isSampled = isSampled(traceID: span.traceID, parent: caller)
        return span
    }

    /// Whether the trace id's last 8 bytes, read as a fraction of 2⁶⁴, fall
    /// under `ratio`: those bytes are random in every conforming trace id.
    private static func isUnder(_ ratio: Double, _ traceID: TraceID) -> Bool {
        guard ratio < 1 else { return true }
        guard ratio > 0 else { return false }
        return traceID.low < UInt64(ratio * 0x1p64)
    }
}
