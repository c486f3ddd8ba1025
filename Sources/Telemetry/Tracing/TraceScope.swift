/// The span the work running now belongs to, and where its child spans are
/// recorded: the HTTP server binds a request's server span around its
/// handler, the worker a job's execution span around its run.
///
/// Code far below reads it here rather than through every signature in
/// between: a store enqueuing a job in its transaction stores
/// ``traceparent``, a database transaction records its span. Handlers run
/// synchronously on the server's threads, where a binding made with
/// `TraceScope.$current.withValue` holds for that thread during the call.
public struct TraceScope: Sendable {
    /// The span running now.
    public var span: TraceContext
    /// Where its children go; nil records nothing (tracing off).
    public var recorder: (any SpanRecorder)?

    /// A scope of `span`, recording into `recorder`.
    public init(span: TraceContext, recorder: (any SpanRecorder)?) {
        self.span = span
        self.recorder = recorder
    }

    /// The scope bound now, if any.
    @TaskLocal public static var current: TraceScope?

    /// The `traceparent` of the span running now: what a job enqueued now stores.
    public static var traceparent: String? { current?.span.traceparent }

    /// A child span of the current scope named `name`, begun now, and the
    /// recorder it goes to once ended; nil when no scope is bound, its span
    /// is not sampled, or nothing records (then the caller records nothing).
    public static func beginChild(
        _ name: String, kind: Span.Kind, attributes: [SpanAttribute] = []
    ) -> (span: Span, recorder: any SpanRecorder)? {
        guard let scope = current, scope.span.isSampled, let recorder = scope.recorder else { return nil }
        return (Span(name: name, kind: kind, context: scope.span.child(), parent: scope.span.spanID, attributes: attributes), recorder)
    }
}
