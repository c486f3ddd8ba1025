import Foundation
import Telemetry

/// Where spans go and which are recorded, from OpenTelemetry's standard
/// variables (docs/operations.md, "Traces"). Tracing is off, and no span is
/// recorded, unless an OTLP endpoint is set and `OTEL_SDK_DISABLED` is not
/// `true`; trace context is read and passed on either way.
public struct TracingSettings: Sendable, Equatable {
    /// One header sent with every export (`OTEL_EXPORTER_OTLP_HEADERS`).
    public struct Header: Sendable, Equatable {
        /// The field name.
        public let name: String
        /// Its value, percent-decoded; often a credential, so never printed.
        public let value: String
    }

    /// The OTLP/HTTP traces URL spans are posted to; nil when tracing is off.
    public var tracesURL: URL?
    /// Headers of every export.
    public var headers: [Header] = []
    /// `service.name`.
    public var serviceName = "baton"
    /// Further resource attributes, in order.
    public var resourceAttributes: [Header] = []
    /// Flags new spans: `OTEL_TRACES_SAMPLER` when tracing is on; when off,
    /// a caller's flag is passed on and new traces are not sampled.
    public var sampler: TraceSampler = .parentBased(root: .alwaysOff)

    /// Tracing off.
    public init() {}

    /// Whether spans are recorded and exported.
    public var isEnabled: Bool { tracesURL != nil }

    /// The resource every exported span names.
    public var resource: OTLPResource {
        OTLPResource(serviceName: serviceName, extra: resourceAttributes.map { ($0.name, $0.value) })
    }

    static func read(_ reader: inout SettingReader) -> TracingSettings? {
        let disabled = reader.parsed(.otelSDKDisabled, expected: "true or false") { ["true": true, "false": false][$0.lowercased()] }
        let base = reader.optional(.otelEndpoint, expected: "an http:// or https:// URL", Self.collectorURL)
        let traces = reader.optional(.otelTracesEndpoint, expected: "an http:// or https:// URL", Self.collectorURL)
        let headers = reader.parsed(.otelHeaders, expected: "comma-separated name=value pairs (names are header tokens)") {
            Self.pairs($0, validName: Self.isHeaderName)
        }
        let service = reader.parsed(.otelServiceName, expected: "a name of 1-255 printable characters") { name in
            name.utf8.count <= 255 && name.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F } ? name : nil
        }
        let resource = reader.parsed(.otelResourceAttributes, expected: "comma-separated key=value pairs") {
            Self.pairs($0, validName: { !$0.isEmpty })
        }
        let sampler = reader.parsed(
            .otelTracesSampler,
            expected: "always_on, always_off, traceidratio, parentbased_always_on, parentbased_always_off or parentbased_traceidratio"
        ) { Self.samplers[$0] }
        let ratio = reader.decimal(.otelTracesSamplerArg, in: 0...1)
        guard let disabled, let base, let traces, let headers, let service, let resource, let sampler, let ratio else { return nil }
        var settings = TracingSettings()
        guard !disabled, let url = traces ?? base.map({ $0.appending(path: "v1/traces") }) else { return settings }
        settings.tracesURL = url
        settings.headers = headers
        settings.serviceName = service
        settings.resourceAttributes = resource
        settings.sampler = sampler(ratio)
        return settings
    }

    /// Each sampler name and how it is made from `OTEL_TRACES_SAMPLER_ARG`.
    static let samplers: [String: @Sendable (Double) -> TraceSampler] = [
        "always_on": { _ in .alwaysOn },
        "always_off": { _ in .alwaysOff },
        "traceidratio": { .traceIDRatio($0) },
        "parentbased_always_on": { _ in .parentBased(root: .alwaysOn) },
        "parentbased_always_off": { _ in .parentBased(root: .alwaysOff) },
        "parentbased_traceidratio": { .parentBased(root: .traceIDRatio($0)) },
    ]

    /// An http or https URL with a host and no credentials in it.
    static func collectorURL(_ text: String) -> URL? {
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false,
            url.user == nil, url.password == nil
        else { return nil }
        return url
    }

    /// `name=value` pairs separated by commas, surrounding spaces trimmed,
    /// values percent-decoded (the W3C Baggage form the OpenTelemetry
    /// variables use); nil when any pair is malformed or a value holds a
    /// control character. Empty text is no pairs.
    static func pairs(_ text: String, validName: (String) -> Bool) -> [Header]? {
        var pairs: [Header] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: true) {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            let name = parts[0].trimmingCharacters(in: .whitespaces)
            guard validName(name), let value = parts[1].trimmingCharacters(in: .whitespaces).removingPercentEncoding,
                value.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
            else { return nil }
            pairs.append(Header(name: name, value: value))
        }
        return pairs
    }

    /// An HTTP field name: one or more token characters (RFC 9110).
    static func isHeaderName(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || "!#$%&'*+-.^_`|~".utf8.contains(byte)
            }
    }
}
