/// Routes registered together under one ``RouteGuard`` and one list of
/// ``Middleware``: the guard admits each request from its head and puts
/// the caller's identity on it (``Request/identity``), and every handler
/// receives that identity typed, so no handler can forget the check.
///
/// ```swift
/// router.group(app.apiKey(.invitesWrite)) { group in
///     group.post("/v1/invites") { request, caller in try create(request, by: caller) }
/// }
/// ```
///
/// Built with ``Router/group(_:middleware:_:)`` or, without a guard,
/// ``Router/group(middleware:_:)`` (identity `Void`).
public struct RouteGroup<Identity: Sendable> {
    /// A handler of the group: the request and the identity its guard found.
    public typealias Handler = @Sendable (Request, Identity) throws -> Response

    /// The guard's check, erased to what the router stores; nil without a guard.
    let check: Router.HeadCheck?
    /// How a handler gets the identity back from the request.
    let identify: @Sendable (Request) throws -> Identity
    /// The guard's ways to admit (``RouteGuard/accepts``); empty without a guard.
    let accepts: [GuardRequirement]
    let middleware: [Middleware]
    var routes: [Router.Route] = []

    /// Adds a route for `method` and `pattern` (as ``Router/add(_:_:documentation:options:handler:)``).
    public mutating func add(
        _ method: String, _ pattern: String, documentation: (any RouteDescription)? = nil, options: RouteOptions = RouteOptions(),
        handler: @escaping Handler
    ) {
        let identify = identify
        let plain: HTTP.Handler = { request in try handler(request, identify(request)) }
        // The first middleware listed is the outermost.
        let wrapped = middleware.reversed().reduce(plain) { inner, middleware in middleware(inner) }
        routes.append(
            Router.Route(
                method: method.uppercased(), pattern: RoutePattern(pattern), options: options, check: check, accepts: accepts,
                documentation: documentation, handler: wrapped))
    }

    /// Adds a `GET` route, which also answers `HEAD`.
    public mutating func get(_ pattern: String, options: RouteOptions = RouteOptions(), handler: @escaping Handler) {
        add("GET", pattern, options: options, handler: handler)
    }

    /// Adds a `POST` route.
    public mutating func post(_ pattern: String, options: RouteOptions = RouteOptions(), handler: @escaping Handler) {
        add("POST", pattern, options: options, handler: handler)
    }

    /// Adds a `PATCH` route.
    public mutating func patch(_ pattern: String, options: RouteOptions = RouteOptions(), handler: @escaping Handler) {
        add("PATCH", pattern, options: options, handler: handler)
    }

    /// Adds a `DELETE` route.
    public mutating func delete(_ pattern: String, options: RouteOptions = RouteOptions(), handler: @escaping Handler) {
        add("DELETE", pattern, options: options, handler: handler)
    }
}

extension Router {
    /// A route's check of the request head, with the identity erased.
    typealias HeadCheck = @Sendable (Request) throws -> Admission<any Sendable>

    /// Registers the routes `build` adds, each admitted by `guard` from its
    /// head and wrapped in `middleware` (the first listed outermost).
    public mutating func group<Identity: Sendable>(
        _ guard: RouteGuard<Identity>, middleware: [Middleware] = [], _ build: (inout RouteGroup<Identity>) -> Void
    ) {
        let admit = `guard`.admit
        var group = RouteGroup<Identity>(
            check: { request in
                switch try admit(request) {
                case .admit(let identity): .admit(identity)
                case .refuse(let response): .refuse(response)
                }
            },
            identify: { request in
                // Only this group's check sets the identity of its routes' requests.
                guard let identity = request.identity as? Identity else {
                    throw HTTPError.internalError(requestID: request.requestID)
                }
                return identity
            },
            accepts: `guard`.accepts, middleware: middleware)
        build(&group)
        add(group.routes)
    }

    /// Registers the routes `build` adds, wrapped in `middleware`, with no
    /// guard: public routes.
    public mutating func group(middleware: [Middleware], _ build: (inout RouteGroup<Void>) -> Void) {
        var group = RouteGroup<Void>(check: nil, identify: { _ in () }, accepts: [], middleware: middleware)
        build(&group)
        add(group.routes)
    }
}
