import BatonCore
import BatonServer
import Foundation
import HTTP
import PrometheusTestSupport
import Synchronization
import Testing

@Suite("BATON_METRICS_LISTEN", .timeLimit(.minutes(10)))
struct MetricsListenerTests {
    @Test("with a metrics listener, /metrics is served there without a key and the main listener answers 404")
    func separateListener() throws {
        let app = try TestApp(environment: ["BATON_METRICS_LISTEN": "127.0.0.1:0", "BATON_RATE_LIMITS": "code=1/min"])
        let metricsServer = try #require(try app.app.startMetricsServer(logSink: DiscardingLogSink()))
        defer { metricsServer.shutdown(grace: .seconds(1)) }
        let main = try app.client()
        let onMain = try main.get("/metrics")
        #expect(onMain.status == 404)
        _ = try main.get("/v1/invites/short/preview")
        _ = try main.get("/v1/invites/short/preview")
        let scraper = try HTTPTestClient(port: metricsServer.port)
        let (_, parsed) = try scraper.scrape { $0.value("baton_rejections_total", ["code": "rate_limited"]) == 1 }
        #expect(parsed.value("baton_http_requests_total", ["route": "unmatched", "status": "404"]) == 1)
        #expect(parsed.value("baton_rate_limited_requests_total", ["limit": "code"]) == 1)
        #expect(parsed.value("baton_rejections_total", ["code": "rate_limited"]) == 1)
        #expect(parsed.familiesMissingMetadata.isEmpty)
        #expect(try scraper.get("/v1/invites").status == 404)
    }

    @Test("a metrics listener given a health check answers /healthz with 200 while it holds and 503 once it fails; without one, 404")
    func healthEndpoint() throws {
        let healthy = Atomic(true)
        let listen = try #require(ListenAddress("127.0.0.1:0"))
        let withHealth = try MetricsServer.start(BatonMetrics(), on: listen, logSink: DiscardingLogSink()) {
            healthy.load(ordering: .relaxed)
        }
        defer { withHealth.shutdown(grace: .seconds(1)) }
        let client = try HTTPTestClient(port: withHealth.port)
        #expect(try client.get("/healthz").status == 200)
        healthy.store(false, ordering: .relaxed)
        #expect(try client.get("/healthz").status == 503)
        #expect(try client.get("/metrics").status == 200)
        let without = try MetricsServer.start(BatonMetrics(), on: listen, logSink: DiscardingLogSink())
        defer { without.shutdown(grace: .seconds(1)) }
        #expect(try HTTPTestClient(port: without.port).get("/healthz").status == 404)
    }
}
