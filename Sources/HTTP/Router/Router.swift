/// A handler: a plain function from request to response. It runs on one of
/// libmicrohttpd's pool threads and may block (on the database, say); throw
/// an `HTTPErrorConvertible` for an API error, anything else for a 500.
public typealias Handler = @Sendable (Request) throws -> Response

/// Routes by method and path pattern. Built before the server starts and
/// immutable after, so lookups need no lock.
///
/// Unknown paths get 404 `not_found`; a known path with another method gets
/// 405 `method_not_allowed` with `Allow`; `HEAD` is served by the `GET` route.
/// When several patterns match, the one with more literal segments wins.
public struct Router: Sendable {
    /// A class rather than a struct: every request holds its route, and one
    /// reference count (shared by all pool threads) is cheaper to touch than
    /// the four a struct of strings, arrays and a closure would carry.
    final class Route: Sendable {
        let method: String
        let pattern: RoutePattern
        let options: RouteOptions
        /// A route group's guard, run on the request head before the body is read.
        let check: HeadCheck?
        /// How that guard admits (``RouteGuard/accepts``).
        let accepts: [GuardRequirement]
        /// What documents the route (``RouteDescription``), if anything was registered with it.
        let documentation: (any RouteDescription)?
        let handler: Handler

        init(
            method: String, pattern: RoutePattern, options: RouteOptions, check: HeadCheck? = nil, accepts: [GuardRequirement] = [],
            documentation: (any RouteDescription)? = nil, handler: @escaping Handler
        ) {
            self.method = method
            self.pattern = pattern
            self.options = options
            self.check = check
            self.accepts = accepts
            self.documentation = documentation
            self.handler = handler
        }
    }

    /// What a lookup found.
    enum Match {
        case found(Route, parameters: [Request.Parameter])
        case methodNotAllowed(allowed: [String])
        case notFound
    }

    private var routes: [Route] = []

    /// An empty router.
    public init() {}

    /// Adds a route for `method` (such as `POST`) and `pattern` (such as
    /// `/v1/invites/:id/revoke`), documented by `documentation` when given.
    public mutating func add(
        _ method: String, _ pattern: String, documentation: (any RouteDescription)? = nil, options: RouteOptions = RouteOptions(),
        handler: @escaping Handler
    ) {
        add([
            Route(
                method: method.uppercased(), pattern: RoutePattern(pattern), options: options, documentation: documentation,
                handler: handler)
        ])
    }

    /// Adds `added` and keeps the most specific patterns first.
    mutating func add(_ added: [Route]) {
        routes += added
        routes.sort { $0.pattern.specificity > $1.pattern.specificity }
    }

    /// Adds a `GET` route, which also answers `HEAD`.
    public mutating func get(_ pattern: String, options: RouteOptions = RouteOptions(), handler: @escaping Handler) {
        add("GET", pattern, options: options, handler: handler)
    }

    /// Adds a `POST` route.
    public mutating func post(_ pattern: String, options: RouteOptions = RouteOptions(), handler: @escaping Handler) {
        add("POST", pattern, options: options, handler: handler)
    }

    /// Adds a `PUT` route.
    public mutating func put(_ pattern: String, options: RouteOptions = RouteOptions(), handler: @escaping Handler) {
        add("PUT", pattern, options: options, handler: handler)
    }

    /// Adds a `DELETE` route.
    public mutating func delete(_ pattern: String, options: RouteOptions = RouteOptions(), handler: @escaping Handler) {
        add("DELETE", pattern, options: options, handler: handler)
    }

    /// Every route as its method and pattern as written, such as
    /// `("POST", "/v1/invites/:id/revoke")`, most specific first: for checking
    /// documentation (the OpenAPI document) against the code.
    public var registeredRoutes: [(method: String, pattern: String)] {
        routes.map { ($0.method, $0.pattern.text) }
    }

    /// The routes registered in a group with a guard (``RouteGuard``), as
    /// ``registeredRoutes`` lists them, with the ways their guard admits: for
    /// checking that every route that should be guarded is, and that the
    /// documentation names the credentials the guard checks.
    public var guardedRoutes: [(method: String, pattern: String, accepts: [GuardRequirement])] {
        routes.filter { $0.check != nil }.map { ($0.method, $0.pattern.text, $0.accepts) }
    }

    /// Every route, most specific first, with its guard's requirements and
    /// its documentation: what the API's documentation is built from, and
    /// what a test holds to "every route is described".
    public var registrations: [RegisteredRoute] {
        routes.map {
            RegisteredRoute(
                method: $0.method, pattern: $0.pattern.text, isGuarded: $0.check != nil, accepts: $0.accepts,
                documentation: $0.documentation)
        }
    }

    /// The route for `method` and the decoded `path` segments.
    func match(method: String, path: [String]) -> Match {
        let lookup = method == "HEAD" ? "GET" : method
        var allowed: [String] = []
        // Indexing instead of copying each route out keeps the shared routes'
        // reference counts (touched by every pool thread) out of the loop.
        for index in routes.indices {
            guard let parameters = routes[index].pattern.match(path) else { continue }
            if routes[index].method == lookup { return .found(routes[index], parameters: parameters) }
            allowed.append(routes[index].method)
        }
        guard !allowed.isEmpty else { return .notFound }
        if allowed.contains("GET") { allowed.append("HEAD") }
        return .methodNotAllowed(allowed: Array(Set(allowed)).sorted())
    }
}
