import SafeText

/// The OTLP/HTTP JSON body of an `ExportTraceServiceRequest` (`POST
/// /v1/traces`, `Content-Type: application/json`): ids as lowercase hex,
/// 64-bit numbers as decimal strings and enums as numbers, as OTLP's JSON
/// mapping differs from protobuf's canonical one.
enum OTLPJSON {
    /// The instrumentation scope every Baton span is recorded under.
    static let scopeName = "baton"

    /// The request body for `spans` of `resource`.
    static func body(_ spans: [Span], resource: OTLPResource) -> String {
        var out = #"{"resourceSpans":[{"resource":{"attributes":"#
        write(resource.attributes, to: &out)
        out += #"},"scopeSpans":[{"scope":{"name":"# + SafeText.jsonQuoted(scopeName) + #"},"spans":["#
        for (index, span) in spans.enumerated() {
            if index > 0 { out += "," }
            write(span, to: &out)
        }
        out += "]}]}]}"
        return out
    }

    private static func write(_ span: Span, to out: inout String) {
        out += #"{"traceId":""# + span.context.traceID.hex + #"","spanId":""# + span.context.spanID.hex + "\""
        if let parent = span.parent { out += #","parentSpanId":""# + parent.hex + "\"" }
        if let state = span.context.traceState.header { out += #","traceState":"# + SafeText.jsonQuoted(state) }
        out += #","name":"# + SafeText.jsonQuoted(span.name) + #","kind":\#(span.kind.rawValue)"#
        out += #","startTimeUnixNano":"\#(span.startNanoseconds)","endTimeUnixNano":"\#(span.endNanoseconds)","attributes":"#
        write(span.attributes, to: &out)
        // Status ERROR is 2; an unset status (0) is left out.
        if span.failed { out += #","status":{"code":2}"# }
        out += "}"
    }

    private static func write(_ attributes: [SpanAttribute], to out: inout String) {
        out += "["
        for (index, attribute) in attributes.enumerated() {
            if index > 0 { out += "," }
            out += #"{"key":"# + SafeText.jsonQuoted(attribute.key) + #","value":{"#
            switch attribute.value {
            case .string(let text): out += #""stringValue":"# + SafeText.jsonQuoted(text)
            case .int(let number): out += #""intValue":"\#(number)""#
            case .double(let number): out += #""doubleValue":\#(number.isFinite ? "\(number)" : "0")"#
            case .bool(let flag): out += #""boolValue":\#(flag)"#
            }
            out += "}}"
        }
        out += "]"
    }
}
