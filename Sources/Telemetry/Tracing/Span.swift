import Foundation

/// One finished span as OpenTelemetry defines it: what was done (`name`,
/// low cardinality, such as `POST /v1/redemptions`), its place in the trace,
/// when, and attributes named by the semantic conventions.
///
/// Attributes hold only bounded, non-secret values: route templates, never
/// paths; statement names, never parameters.
public struct Span: Sendable {
    /// OTLP's `SpanKind`, by its wire number.
    public enum Kind: Int, Sendable {
        /// Work inside the process, such as a database transaction or a job.
        case `internal` = 1
        /// The handling of a request this process received.
        case server = 2
        /// A request this process sent.
        case client = 3
    }

    /// What was done.
    public var name: String
    /// Which side of a call it is.
    public var kind: Kind
    /// Its trace, its own id, flags and trace state.
    public var context: TraceContext
    /// Its parent's id; nil for a root.
    public var parent: SpanID?
    /// When it started, in nanoseconds since 1970.
    public var startNanoseconds: UInt64
    /// When it ended; 0 until ``end(failed:)``.
    public var endNanoseconds: UInt64 = 0
    /// Its attributes, in the order set.
    public var attributes: [SpanAttribute]
    /// Whether it failed (OTLP status `ERROR`); else the status is unset.
    public var failed = false

    /// A span starting now.
    public init(name: String, kind: Kind, context: TraceContext, parent: SpanID?, attributes: [SpanAttribute] = []) {
        self.name = name
        self.kind = kind
        self.context = context
        self.parent = parent
        self.attributes = attributes
        startNanoseconds = Self.now()
    }

    /// Ends it now, failed or not.
    public mutating func end(failed: Bool = false) {
        endNanoseconds = Self.now()
        self.failed = self.failed || failed
    }

    /// The wall clock in nanoseconds since 1970, as OTLP dates spans.
    public static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}

/// One span or resource attribute: a semantic-convention key and its value.
public struct SpanAttribute: Sendable, Equatable {
    /// A string, integer, floating point or boolean value, as OTLP's `AnyValue`.
    public enum Value: Sendable, Equatable {
        case string(String)
        case int(Int)
        case double(Double)
        case bool(Bool)
    }

    /// Such as `http.request.method`.
    public var key: String
    /// Its value.
    public var value: Value

    /// An attribute.
    public init(_ key: String, _ value: Value) {
        self.key = key
        self.value = value
    }

    /// A string attribute.
    public static func string(_ key: String, _ value: String) -> SpanAttribute { SpanAttribute(key, .string(value)) }
    /// An integer attribute.
    public static func int(_ key: String, _ value: Int) -> SpanAttribute { SpanAttribute(key, .int(value)) }
}

/// Takes finished spans. Called on request and worker threads: it must not
/// block (an exporter queues and drops when full).
public protocol SpanRecorder: Sendable {
    /// Takes `span`, ended.
    func record(_ span: Span)
}
