import Foundation
import Telemetry

extension SpanExporter {
    /// The exporter `settings` (`OTEL_*`) call for, counting its dropped and
    /// exported spans in `metrics`; nil when tracing is off. Not started.
    public static func standard(_ settings: TracingSettings, metrics: BatonMetrics) -> SpanExporter? {
        guard let url = settings.tracesURL else { return nil }
        let headers = settings.headers.map { (name: $0.name, value: $0.value) }
        return SpanExporter(
            transport: { () throws(TracingError) in try OTLPTransport(url: url, headers: headers, timeout: .seconds(10)) },
            resource: settings.resource, dropped: metrics.traceSpansDropped, exported: metrics.traceSpansExported)
    }
}
