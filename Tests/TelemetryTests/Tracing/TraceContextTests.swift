import Telemetry
import Testing

@Suite("TraceContext", .timeLimit(.minutes(10)))
struct TraceContextTests {
    static let trace = "5c0b1f3e9a7d42c8b6e0f1a2d3c4b5a6"
    static let span = "a1b2c3d4e5f60718"

    /// Values a receiver must take, with the trace id, span id and sampled flag they name.
    static let valid: [(String, String, String, Bool)] = [
        ("00-\(trace)-\(span)-01", trace, span, true),
        ("00-\(trace)-\(span)-00", trace, span, false),
        // Flags this version does not define: only the sampled bit is read.
        ("00-\(trace)-\(span)-fe", trace, span, false),
        ("00-\(trace)-\(span)-03", trace, span, true),
        // A later version: its first 55 characters, then the end or a dash.
        ("01-\(trace)-\(span)-01", trace, span, true),
        ("cc-\(trace)-\(span)-01-whatever-version-cc-added", trace, span, true),
        ("00-00000000000000000000000000000001-0000000000000001-01", "00000000000000000000000000000001", "0000000000000001", true),
    ]

    /// Values a receiver must refuse (and start a new trace instead).
    static let invalid: [String] = [
        "",
        "00-\(trace)-\(span)",
        "00-\(trace.uppercased())-\(span)-01",
        "00-\(trace)-\(span.uppercased())-01",
        "00-\(trace)-\(span)-0A",
        "0A-\(trace)-\(span)-01",
        "00-00000000000000000000000000000000-\(span)-01",
        "00-\(trace)-0000000000000000-01",
        "ff-\(trace)-\(span)-01",
        "00-\(trace)-\(span)-01-",
        "00-\(trace)-\(span)-01-extra",
        "00-\(trace)-\(span)-1",
        "00-\(trace.dropLast())-\(span)-01",
        "00-\(trace)0-\(span)-01",
        "00-\(trace)-\(span.dropLast())-01",
        "00_\(trace)-\(span)-01",
        "00-\(trace)_\(span)-01",
        "00-\(trace)-\(span)_01",
        "01-\(trace)-\(span)-01x",
        "01-\(trace)-\(span)-0",
        " 00-\(trace)-\(span)-01",
        "00-\(trace)-\(span)-01 ",
        "00-\(trace.dropLast())g-\(span)-01",
        "00-\(trace.dropLast())é-\(span)-01",
    ]

    @Test("a valid traceparent yields its trace id, span id and sampled flag", arguments: valid)
    func parsesValid(_ value: String, _ traceID: String, _ spanID: String, _ sampled: Bool) throws {
        let context = try #require(TraceContext(traceparent: value))
        #expect(context.traceID.hex == traceID)
        #expect(context.spanID.hex == spanID)
        #expect(context.isSampled == sampled)
    }

    @Test("an invalid traceparent is refused", arguments: invalid)
    func refusesInvalid(_ value: String) {
        #expect(TraceContext(traceparent: value) == nil)
    }

    @Test("a context is written back in version 00 with only the sampled flag")
    func formatsVersionZero() throws {
        let later = try #require(TraceContext(traceparent: "7f-\(Self.trace)-\(Self.span)-ff-more"))
        #expect(later.traceparent == "00-\(Self.trace)-\(Self.span)-01")
        let unsampled = try #require(TraceContext(traceparent: "00-\(Self.trace)-\(Self.span)-02"))
        #expect(unsampled.traceparent == "00-\(Self.trace)-\(Self.span)-00")
        #expect(TraceContext(traceparent: unsampled.traceparent) == unsampled)
    }

    @Test("a child keeps the trace, flags and state under a new span id")
    func childContinuesTheTrace() throws {
        let state = try #require(TraceState(fields: ["vendor=opaque"]))
        let parent = try #require(TraceContext(traceparent: "00-\(Self.trace)-\(Self.span)-01", traceState: state))
        let child = parent.child()
        #expect(child.traceID == parent.traceID)
        #expect(child.spanID != parent.spanID)
        #expect(child.isSampled)
        #expect(child.traceState == state)
    }

    @Test("roots are new random traces of well-formed ids")
    func rootsAreRandom() throws {
        let roots = (0..<100).map { _ in TraceContext.root(sampled: false) }
        #expect(Set(roots.map(\.traceID)).count == 100)
        for root in roots {
            let parsed = try #require(TraceContext(traceparent: root.traceparent))
            #expect(parsed.traceID == root.traceID && parsed.spanID == root.spanID && !parsed.isSampled)
        }
    }

    @Test("a bad tracestate is dropped and the traceparent kept")
    func badStateIsDropped() throws {
        let context = try #require(TraceContext(traceparent: "00-\(Self.trace)-\(Self.span)-01", tracestate: ["Bad=1"]))
        #expect(context.traceState.header == nil)
        #expect(TraceContext(traceparent: nil, tracestate: ["ok=1"]) == nil)
    }
}
