import BatonTestSupport
import BatonWorker
import Foundation
import Telemetry
import Testing

@Suite("Request traces", .timeLimit(.minutes(10)))
struct RequestTraceTests {
    static let callerTrace = "4f1e2d3c4b5a69788796a5b4c3d2e1f0"
    static let callerSpan = "0123456789abcdef"
    static let traceparent = "00-\(callerTrace)-\(callerSpan)-01"

    /// The access log's entries, as JSON objects.
    private static func entries(_ log: KeptLogLines) -> [[String: Any]] {
        log.lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .filter { $0["msg"] as? String == "request completed" }
    }

    @Test("a request with a valid traceparent is logged in the caller's trace under a new span")
    func validTraceparentContinuesTheTrace() throws {
        let log = KeptLogLines()
        let app = try TestApp(logSink: log)
        let client = try app.client()
        #expect(try client.get("/healthz", headers: [("traceparent", Self.traceparent)]).status == 200)
        #expect(eventually { !Self.entries(log).isEmpty })
        let entry = try #require(Self.entries(log).last)
        #expect(entry["trace_id"] as? String == Self.callerTrace)
        let span = try #require(entry["span_id"] as? String)
        #expect(span != Self.callerSpan)
        #expect(TraceContext(traceparent: "00-\(Self.callerTrace)-\(span)-01") != nil)
    }

    @Test(
        "a request with a missing or invalid traceparent starts a new trace",
        arguments: [nil, "00-\(callerTrace.uppercased())-\(callerSpan)-01", "00-00000000000000000000000000000000-\(callerSpan)-01"])
    func invalidTraceparentStartsANewTrace(_ header: String?) throws {
        let log = KeptLogLines()
        let app = try TestApp(logSink: log)
        let client = try app.client()
        let headers = header.map { [("traceparent", $0)] } ?? []
        #expect(try client.get("/healthz", headers: headers).status == 200)
        #expect(try client.get("/healthz", headers: headers).status == 200)
        #expect(eventually { Self.entries(log).count == 2 })
        let traces = Self.entries(log).compactMap { $0["trace_id"] as? String }
        #expect(traces.count == 2)
        #expect(Set(traces).count == 2)
        for (trace, entry) in zip(traces, Self.entries(log)) {
            let span = try #require(entry["span_id"] as? String)
            #expect(trace != Self.callerTrace.uppercased() && trace != Self.callerTrace)
            #expect(TraceContext(traceparent: "00-\(trace)-\(span)-00") != nil)
        }
    }

    @Test("a redeem's webhook job stores the request's span and the receiver sees a traceparent of its trace")
    func webhookCarriesTheRequestsTrace() async throws {
        let (app, client) = try TestApp.withClient(rateLimited: false)
        let receiver = try WebhookReceiver(secret: Array("unused: only the trace header is checked".utf8))
        try app.addWebhookEndpoint(url: receiver.url, events: ["invite.redeemed"])
        let invite = try app.makeInvite()
        let redeemed = try client.post(
            "/v1/redemptions", json: ["token": invite.token.text, "redeemer_id": "tracer-1"],
            headers: [("traceparent", Self.traceparent), ("tracestate", "vendor=kept")])
        #expect(redeemed.status == 201)

        let stored = try app.withConnection {
            try $0.query("SELECT traceparent FROM baton.jobs WHERE kind = 'webhook.deliver'").map { try $0.decode(String.self, at: 0) }
        }
        let first = try #require(stored.first)
        let enqueuing = try #require(TraceContext(traceparent: first))
        #expect(stored.count == 1)
        #expect(enqueuing.traceID.hex == Self.callerTrace)
        #expect(enqueuing.spanID.hex != Self.callerSpan)

        let worker = Worker.standard(app.app.configuration)
        worker.start()
        defer { worker.stop() }
        let deliveries = try await receiver.waitForDeliveries(1)
        let header = try #require(deliveries.first?.traceparent)
        let received = try #require(TraceContext(traceparent: header))
        #expect(received.traceID.hex == Self.callerTrace)
        #expect(received.isSampled)
        #expect(![Self.callerSpan, enqueuing.spanID.hex].contains(received.spanID.hex))
    }
}
