/// Told about every request when it is over, for metrics. Called on
/// libmicrohttpd's pool threads, concurrently, once per request after the
/// response went out (or the connection ended): it must be thread-safe,
/// must not block, and should cost well under a microsecond.
///
/// The server passes only bounded values: the route *pattern*, never the
/// raw path, so credentials in paths cannot become metric labels.
public protocol RequestObserver: Sendable {
    /// `request` has finished.
    func requestFinished(_ request: FinishedRequest)
}

/// What a ``RequestObserver`` learns about one finished request.
public struct FinishedRequest: Sendable {
    /// The method token as sent (unbounded: map unknown ones to one label).
    public var method: String
    /// The matched route's pattern as registered, such as
    /// `/v1/invites/:credential/preview`; nil when no route matched.
    public var routePattern: String?
    /// The status sent; 0 when the connection ended before a response.
    public var status: Int
    /// The API error code of an error response (`not_found`, `rate_limited`, …), else nil.
    public var errorCode: String?
    /// From the first callback of the request to its completion notice.
    public var duration: Duration

    /// A finished request; the server makes these.
    public init(method: String, routePattern: String?, status: Int, errorCode: String?, duration: Duration) {
        self.method = method
        self.routePattern = routePattern
        self.status = status
        self.errorCode = errorCode
        self.duration = duration
    }
}
