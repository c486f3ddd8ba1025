extension TraceContext {
    /// The length of a version `00` `traceparent`, and the least any version may have.
    static let traceparentLength = 55

    /// The context a `traceparent` value names, with `traceState` attached;
    /// nil when the value is invalid, and the receiver then starts a new trace.
    ///
    /// Strict where the spec is: lowercase hex only, the exact field lengths,
    /// dashes where they belong, neither id all zeros, version `ff` refused,
    /// and version `00` exactly 55 characters. A later version is read
    /// leniently, as the spec asks of a receiver that does not know it: its
    /// first 55 characters in version `00`'s layout, followed by the end or
    /// a dash and whatever that version added (ignored).
    public init?(traceparent: String, traceState: TraceState = TraceState()) {
        var value = traceparent
        let parsed = value.withUTF8 { Self.parse($0) }
        guard let parsed else { return nil }
        self.init(traceID: parsed.traceID, spanID: parsed.spanID, isSampled: parsed.isSampled, traceState: traceState)
    }

    /// The context of a request's headers: its `traceparent` with its
    /// `tracestate` fields (each field as received; several are one list),
    /// or nil when there is no valid `traceparent`. An invalid `tracestate`
    /// is dropped and the `traceparent` kept, as the spec says.
    public init?(traceparent: String?, tracestate fields: [String]) {
        guard let traceparent else { return nil }
        self.init(traceparent: traceparent, traceState: TraceState(fields: fields) ?? TraceState())
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (traceID: TraceID, spanID: SpanID, isSampled: Bool)? {
        let dash = UInt8(ascii: "-")
        guard bytes.count >= traceparentLength, let version = Hex.value(bytes[0..<2]), version != 0xFF else { return nil }
        if version == 0 {
            guard bytes.count == traceparentLength else { return nil }
        } else if bytes.count > traceparentLength, bytes[traceparentLength] != dash {
            return nil
        }
        guard bytes[2] == dash, bytes[35] == dash, bytes[52] == dash,
            let high = Hex.value(bytes[3..<19]), let low = Hex.value(bytes[19..<35]), let traceID = TraceID(high: high, low: low),
            let span = Hex.value(bytes[36..<52]), let spanID = SpanID(span),
            let flags = Hex.value(bytes[53..<55])
        else { return nil }
        return (traceID, spanID, flags & 1 == 1)
    }
}
