import BatonCore
import HTTP
import Locking
import Telemetry

/// Records every finished request into ``BatonMetrics``: its count by route
/// pattern, method and status, its duration by route pattern, and its error
/// code when it was an API error.
///
/// Every label is bounded: the route is one of the router's patterns written
/// Prometheus-style (`/v1/invites/{credential}/preview`), or `unmatched` for
/// any path no route knows (or a method it does not serve); the method is
/// one of the standard methods or `other`; the status is the code the server
/// sent (`none` when the client left before a response).
///
/// The hot path stays cheap: a route's histogram is looked up once, at
/// start, and each route keeps its counters by method and status under an
/// integer key, so a request costs two dictionary lookups and a few atomic
/// adds rather than hashing label strings.
final class HTTPMetricsObserver: RequestObserver {
    /// The route label of requests that matched no route.
    static let unmatchedRoute = "unmatched"

    private final class RouteSeries: Sendable {
        let label: String
        let duration: Histogram
        /// Counters by `methodIndex * 1000 + status`.
        let requests = SleepingLock<[Int: Counter]>([:])

        init(label: String, duration: Histogram) {
            self.label = label
            self.duration = duration
        }
    }

    private let metrics: BatonMetrics
    private let routes: [String: RouteSeries]
    private let unmatched: RouteSeries
    private let rejections = SleepingLock<[String: Counter]>([:])

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
        let method = Self.methods.firstIndex(of: request.method) ?? Self.methods.count
        let status = (100...599).contains(request.status) ? request.status : request.status == 0 ? 0 : 999
        Self.counter(in: series.requests, for: method * 1000 + status) {
            metrics.httpRequests.labels(series.label, Self.methodLabel(method), Self.statusLabel(status))
        }.increment()
        if let code = request.errorCode {
            Self.counter(in: rejections, for: code) { metrics.rejections.labels(code) }.increment()
        }
    }

    /// The counter `table` keeps for `key`, made by `make` on first use: the
    /// registry's own label lookup is kept off the per-request path.
    private static func counter<Key: Hashable>(
        in table: SleepingLock<[Key: Counter]>, for key: Key, make: () -> Counter
    ) -> Counter {
        table.withLock { counters in
            if let counter = counters[key] { return counter }
            let counter = make()
            counters[key] = counter
            return counter
        }
    }

    /// `/v1/invites/:credential/preview` → `/v1/invites/{credential}/preview`.
    static func routeLabel(_ pattern: String) -> String {
        pattern.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }
            .joined(separator: "/")
    }

    private static let methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

    /// The method at `index` of the known ones, or `other` for anything a client made up.
    private static func methodLabel(_ index: Int) -> String {
        index < methods.count ? methods[index] : "other"
    }

    /// The status code, `none` for 0 (no response), `other` for 999 (outside 100-599).
    private static func statusLabel(_ status: Int) -> String {
        switch status {
        case 0: "none"
        case 999: "other"
        default: String(status)
        }
    }
}
