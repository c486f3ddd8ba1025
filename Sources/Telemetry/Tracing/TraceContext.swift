/// Where a unit of work sits in a distributed trace, as W3C Trace Context
/// carries it between processes in `traceparent` and `tracestate`: the
/// trace, the span that is the parent of whatever the receiver does, the
/// sampled flag and the vendors' state.
///
/// A context read from a request names the *caller's* span; the work done
/// for it runs in ``child()``, a new span of the same trace, and that
/// child's ``traceparent`` is what goes out to the next hop. Values only:
/// nothing here touches a clock, a lock or the network.
public struct TraceContext: Hashable, Sendable {
    /// The trace this work belongs to.
    public let traceID: TraceID
    /// The span this context names: the parent of a receiver's work.
    public let spanID: SpanID
    /// The `sampled` trace flag: whether the caller records this trace.
    public var isSampled: Bool
    /// The vendors' `tracestate`, passed on unchanged; empty when none came.
    public var traceState: TraceState

    /// A context of these parts.
    public init(traceID: TraceID, spanID: SpanID, isSampled: Bool, traceState: TraceState = TraceState()) {
        self.traceID = traceID
        self.spanID = spanID
        self.isSampled = isSampled
        self.traceState = traceState
    }

    /// The first span of a new trace, with random ids.
    public static func root(sampled: Bool) -> TraceContext {
        TraceContext(traceID: .random(), spanID: .random(), isSampled: sampled)
    }

    /// A new span of the same trace whose parent is this one: same trace id,
    /// flags and state, a fresh random span id.
    public func child() -> TraceContext {
        TraceContext(traceID: traceID, spanID: .random(), isSampled: isSampled, traceState: traceState)
    }

    /// The `traceparent` value in version `00`, whatever version it was
    /// read from (a receiver answers in the version it knows): 55 characters,
    /// such as `00-<32 hex trace id>-<16 hex span id>-01`. Only the sampled
    /// flag is written; flags this version does not define are not passed on.
    public var traceparent: String {
        "00-" + traceID.hex + "-" + spanID.hex + (isSampled ? "-01" : "-00")
    }
}
