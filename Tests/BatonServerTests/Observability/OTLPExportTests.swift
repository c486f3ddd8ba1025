import BatonCore
import BatonTestSupport
import BatonWorker
import Foundation
import Telemetry
import Testing

/// Spans exported over OTLP/HTTP JSON to a real receiver that decodes them
/// with the `opentelemetry-proto` package (``OTLPReceiver``).
@Suite("OTLP trace export", .serialized, .timeLimit(.minutes(10)))
struct OTLPExportTests {
    static let callerTrace = "7a6b5c4d3e2f10918273645546372819"
    static let callerSpan = "1a2b3c4d5e6f7081"

    /// The test settings plus tracing to `endpoint`, every new trace sampled.
    static func tracing(to endpoint: String) -> [String: String] {
        ["BATON_RATE_LIMITS": "off", "OTEL_EXPORTER_OTLP_ENDPOINT": endpoint, "OTEL_TRACES_SAMPLER": "always_on"]
    }

    /// A redeem sent with a known traceparent, through a real worker to a
    /// webhook receiver, and the spans of its trace once the webhook's
    /// client span arrived; nil when the receiver's package is missing.
    private static func redeemTraced() async throws -> (
        spans: [[String: Any]], all: [[String: Any]], webhook: WebhookReceiver.Delivery, secrets: [String]
    )? {
        guard let receiver = try OTLPReceiver.start() else { return nil }
        let app = try TestApp(environment: tracing(to: receiver.endpoint))
        let client = try app.client()
        let hooks = try WebhookReceiver(secret: Array("unused: only the trace is checked".utf8))
        try app.addWebhookEndpoint(url: hooks.url, events: ["invite.redeemed"])
        let invite = try app.makeInvite()
        let preview = try client.get("/v1/invites/\(invite.token.text)/preview")
        #expect(preview.status == 200)
        let handoff = try #require(preview.json["handoff"] as? String)
        #expect(try client.get("/v1/invites/\(invite.code.text)/preview").status == 200)
        #expect(try client.post("/v1/handoffs/validate", json: ["handoff": handoff]).status == 200)
        let redeemed = try client.post(
            "/v1/redemptions", json: ["handoff": handoff, "redeemer_id": "tracer-2"],
            headers: [("traceparent", "00-\(callerTrace)-\(callerSpan)-01")])
        #expect(redeemed.status == 201)

        let metrics = BatonMetrics()
        let exporter = try #require(SpanExporter.standard(app.app.configuration.tracing, metrics: metrics))
        exporter.start()
        defer { exporter.stop() }
        let worker = Worker.standard(app.app.configuration, metrics: metrics, spanRecorder: exporter)
        worker.start()
        defer { worker.stop() }
        let webhook = try #require(try await hooks.waitForDeliveries(1).first)
        let all = try await receiver.waitForSpans { lines in
            let traced = lines.filter { $0["trace_id"] as? String == callerTrace }
            return traced.contains { $0["kind"] as? Int == 3 } && traced.contains { $0["name"] as? String == "webhook.deliver" }
        }
        let secrets = [invite.token.text, invite.code.text, invite.code.displayText, handoff, app.adminKey]
        return (all.filter { $0["trace_id"] as? String == callerTrace }, all, webhook, secrets)
    }

    @Test("a redeem's trace holds the server span, its transactions, the job and the webhook request, each under its parent")
    func redeemIsOneTrace() async throws {
        guard let (spans, all, webhook, _) = try await Self.redeemTraced() else { return }
        #expect(all.allSatisfy { $0["error"] == nil }, "the receiver refused an export")
        let server = try #require(spans.first { $0["kind"] as? Int == 2 })
        #expect(server["name"] as? String == "POST /v1/redemptions")
        #expect(server["parent_span_id"] as? String == Self.callerSpan)
        let attributes = try #require(server["attributes"] as? [String: Any])
        #expect(attributes["http.request.method"] as? String == "POST")
        #expect(attributes["http.route"] as? String == "/v1/redemptions")
        #expect(attributes["http.response.status_code"] as? Int == 201)
        #expect((server["resource"] as? [String: Any])?["service.name"] as? String == "baton")
        let serverID = try #require(server["span_id"] as? String)

        let transactions = spans.filter { ($0["attributes"] as? [String: Any])?["db.system.name"] as? String == "postgresql" }
        #expect(!transactions.isEmpty)
        #expect(transactions.allSatisfy { $0["parent_span_id"] as? String == serverID })
        #expect(transactions.contains { $0["name"] as? String == "redeem_by_token" || $0["name"] as? String == "redeem_by_code" })

        let job = try #require(spans.first { $0["name"] as? String == "webhook.deliver" })
        #expect(job["parent_span_id"] as? String == serverID)
        #expect((job["attributes"] as? [String: Any])?["baton.job.attempt"] as? Int == 1)
        let jobID = try #require(job["span_id"] as? String)

        let request = try #require(spans.first { $0["kind"] as? Int == 3 && $0["parent_span_id"] as? String == jobID })
        let requestAttributes = try #require(request["attributes"] as? [String: Any])
        #expect(request["name"] as? String == "POST")
        #expect(requestAttributes["server.address"] as? String == "127.0.0.1")
        #expect(requestAttributes["http.response.status_code"] as? Int == 204)
        #expect(requestAttributes["baton.webhook.attempt"] as? Int == 1)
        let header = try #require(webhook.traceparent)
        let sent = try #require(TraceContext(traceparent: header))
        #expect(sent.traceID.hex == Self.callerTrace)
        #expect(sent.spanID.hex == request["span_id"] as? String)
    }

    @Test("no exported span name, attribute or resource holds the invite's code or token, the handoff or the API key")
    func nothingSecretIsExported() async throws {
        guard let (_, all, _, secrets) = try await Self.redeemTraced() else { return }
        #expect(all.count >= 8)
        let bodies = Set(all.compactMap { $0["body"] as? String })
        for secret in secrets {
            for body in bodies { #expect(!body.contains(secret), "an export holds a secret") }
            for span in all {
                let text = String(decoding: try JSONSerialization.data(withJSONObject: span.filter { $0.key != "body" }), as: UTF8.self)
                #expect(!text.contains(secret), "span \(span["name"] ?? "") holds a secret")
            }
        }
    }

    @Test("with the collector down, requests are answered and their spans are counted as dropped")
    func collectorDown() throws {
        let app = try TestApp(environment: Self.tracing(to: "http://127.0.0.1:\(try Self.closedPort())"))
        let client = try app.client()
        for _ in 0..<20 { #expect(try client.get("/healthz").status == 200) }
        #expect(eventually(within: 15) { app.app.metrics.traceSpansDropped.count >= 20 })
        #expect(app.app.metrics.traceSpansExported.count == 0)
        #expect(app.app.metrics.exposition().contains("baton_trace_spans_dropped_total"))
    }

    @Test("with a slow collector, requests are not held up and spans past the queue's room are dropped")
    func slowCollector() async throws {
        guard let receiver = try OTLPReceiver.start(delay: 3) else { return }
        var limits = SpanExporter.Limits()
        limits.capacity = 8
        limits.batchSize = 4
        limits.interval = .milliseconds(50)
        let dropped = Counter()
        let url = try #require(URL(string: receiver.endpoint + "/v1/traces"))
        let exporter = SpanExporter(
            transport: { try OTLPTransport(url: url, headers: [], timeout: .seconds(10)) },
            resource: OTLPResource(serviceName: "baton-test"), limits: limits, dropped: dropped)
        exporter.start()
        let recording = ContinuousClock.now
        for _ in 0..<200 {
            var span = Span(name: "GET /healthz", kind: .server, context: .root(sampled: true), parent: nil)
            span.end()
            exporter.record(span)
        }
        let took = ContinuousClock.now - recording
        #expect(took < .milliseconds(200), "recording 200 spans took \(took)")
        #expect(dropped.count >= 200 - 8 - 4)
        exporter.stop()

        let app = try TestApp(environment: Self.tracing(to: receiver.endpoint))
        let client = try app.client()
        for _ in 0..<10 {
            let started = ContinuousClock.now
            #expect(try client.get("/healthz").status == 200)
            #expect(ContinuousClock.now - started < .seconds(1))
        }
    }

    /// A loopback port nothing listens on: bound, then closed.
    private static func closedPort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(socket, pointer, length) == 0 && getsockname(socket, pointer, &length) == 0
            }
        }
        guard bound else { throw CocoaError(.fileWriteUnknown) }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
