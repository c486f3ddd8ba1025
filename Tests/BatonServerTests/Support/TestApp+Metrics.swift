import Foundation
import PrometheusTestSupport
import Testing

extension HTTPTestClient {
    /// `GET path` (default `/metrics`), checked to be a well-formed scrape.
    /// A request is counted when its connection reports it complete, just
    /// after its response went out; a scrape on another connection may come
    /// first, so this retries for up to a second until `ready` holds.
    func scrape(
        _ path: String = "/metrics", until ready: (ParsedExposition) -> Bool = { _ in true }
    ) throws -> (text: String, parsed: ParsedExposition) {
        let deadline = ContinuousClock.now + .seconds(1)
        while true {
            let response = try get(path)
            try #require(response.status == 200)
            #expect(response.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
            let text = String(decoding: response.body, as: UTF8.self)
            let parsed = try ExpositionParser.parse(text)
            if ready(parsed) || ContinuousClock.now > deadline { return (text, parsed) }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }
}
