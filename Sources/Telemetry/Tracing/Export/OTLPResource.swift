/// Who produced the spans, as OTLP's `Resource`: `service.name` first, then
/// `OTEL_RESOURCE_ATTRIBUTES`' pairs (a `service.name` among them loses to
/// `OTEL_SERVICE_NAME`, as the specification orders).
public struct OTLPResource: Sendable, Equatable {
    /// The attributes, `service.name` first.
    public let attributes: [SpanAttribute]

    /// The resource of service `serviceName` with `extra` attributes.
    public init(serviceName: String, extra: [(key: String, value: String)] = []) {
        attributes =
            [.string("service.name", serviceName)]
            + extra.filter { $0.key != "service.name" }.map { .string($0.key, $0.value) }
    }
}
