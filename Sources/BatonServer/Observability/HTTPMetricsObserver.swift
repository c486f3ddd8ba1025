import BatonCore
import HTTP
import Telemetry

/// Records every finished request into ``BatonMetrics``: its count by route
/// pattern, method and status, its duration by route pattern, and its error
/// code when it was an API error.
///
/// Every label is bounded: the route is one of the router's patterns written
/// Prometheus-style (`/v1/invites/{credential}/preview`), or `unmatched` for
/// any path no route knows; the method is one of the standard methods or
/// `other`; the status is the code the server sent (`none` when the client
/// left before a response). A route's histogram is looked up once, at start.
final class HTTPMetricsObserver: RequestObserver {
    /// The route label of requests that matched no route.
    static let unmatchedRoute = "unmatched"

    private struct RouteSeries: Sendable {
        let label: String
        let duration: Histogram
    }

    private let metrics: BatonMetrics
    private let routes: [String: RouteSeries]
    private let unmatched: RouteSeries

    /// An observer for a router with `patterns` (as registered, `:name` style).
    init(metrics: BatonMetrics, patterns: [String]) {
        self.metrics = metrics
        var routes: [String: RouteSeries] = [:]
        for pattern in patterns where routes[pattern] == nil {
            let label = Self.routeLabel(pattern)
            routes[pattern] = RouteSeries(label: label, duration: metrics.httpRequestDuration.labels(label))
        }
        self.routes = routes
        unmatched = RouteSeries(label: Self.unmatchedRoute, duration: metrics.httpRequestDuration.labels(Self.unmatchedRoute))
    }

    func requestFinished(_ request: FinishedRequest) {
        let series = request.routePattern.flatMap { routes[$0] } ?? unmatched
        series.duration.observe(request.duration)
        metrics.httpRequests.labels(series.label, Self.methodLabel(request.method), Self.statusLabel(request.status)).increment()
        if let code = request.errorCode { metrics.rejections.labels(code).increment() }
    }

    /// `/v1/invites/:credential/preview` → `/v1/invites/{credential}/preview`.
    static func routeLabel(_ pattern: String) -> String {
        pattern.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }
            .joined(separator: "/")
    }

    private static let knownMethods: Set<String> = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

    /// The method, or `other` for anything a client made up.
    static func methodLabel(_ method: String) -> String {
        knownMethods.contains(method) ? method : "other"
    }

    /// The status code, `none` for 0 (no response), `other` outside 100-599.
    static func statusLabel(_ status: Int) -> String {
        switch status {
        case 0: "none"
        case 100...599: String(status)
        default: "other"
        }
    }
}
