import BatonCore
import BatonTestSupport
import Foundation
import Telemetry
import Testing

@Suite("TracingSettings", .timeLimit(.minutes(10)))
struct TracingSettingsTests {
    static let required = ["BATON_DATABASE_URL": "host=/tmp dbname=baton", "BATON_SECRET_KEY": TestSecrets.secretKeyHex]

    static func tracing(_ settings: [String: String]) throws -> TracingSettings {
        try BatonConfiguration(environment: required.merging(settings) { $1 }).tracing
    }

    @Test("tracing is off without an endpoint, and with OTEL_SDK_DISABLED=true")
    func offByDefault() throws {
        #expect(try Self.tracing([:]) == TracingSettings())
        #expect(try !Self.tracing(["OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318", "OTEL_SDK_DISABLED": "TRUE"]).isEnabled)
    }

    @Test("the base endpoint gets /v1/traces, the traces endpoint is used as given and wins")
    func endpoints() throws {
        #expect(try Self.tracing(["OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318"]).tracesURL?.absoluteString == "http://c:4318/v1/traces")
        let both = try Self.tracing([
            "OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "https://t.example/x",
        ])
        #expect(both.tracesURL?.absoluteString == "https://t.example/x")
    }

    @Test("headers, service name, resource attributes and the sampler are read")
    func values() throws {
        let settings = try Self.tracing([
            "OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318", "OTEL_EXPORTER_OTLP_HEADERS": "api-key=a%20b, x-team=7",
            "OTEL_SERVICE_NAME": "baton-eu", "OTEL_RESOURCE_ATTRIBUTES": "deployment.environment.name=prod",
            "OTEL_TRACES_SAMPLER": "parentbased_traceidratio", "OTEL_TRACES_SAMPLER_ARG": "0.25",
        ])
        #expect(settings.headers.map(\.name) == ["api-key", "x-team"])
        #expect(settings.headers.first?.value == "a b")
        #expect(settings.serviceName == "baton-eu")
        #expect(settings.resource.attributes.map(\.key) == ["service.name", "deployment.environment.name"])
        #expect(settings.sampler == .parentBased(root: .traceIDRatio(0.25)))
        #expect(try Self.tracing(["OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318"]).sampler == .parentBased(root: .alwaysOn))
    }

    @Test(
        "malformed tracing settings are refused at start, naming the setting",
        arguments: [
            ("OTEL_EXPORTER_OTLP_ENDPOINT", "ftp://c"), ("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "not a url"),
            ("OTEL_EXPORTER_OTLP_HEADERS", "no-equals"), ("OTEL_EXPORTER_OTLP_HEADERS", "bad name=1"),
            ("OTEL_TRACES_SAMPLER", "sometimes"), ("OTEL_TRACES_SAMPLER_ARG", "1.5"), ("OTEL_SDK_DISABLED", "maybe"),
        ])
    func refused(name: String, value: String) {
        #expect {
            _ = try BatonConfiguration(environment: Self.required.merging([name: value]) { $1 })
        } throws: { error in
            (error as? ConfigurationError)?.problems.map(\.setting) == [name]
        }
    }
}
