import HTTP

/// What routes are registered on: the router itself and a group of it,
/// each with its own handler type.
protocol RouteRegistering {
    associatedtype RouteHandler

    mutating func add(
        _ method: String, _ pattern: String, documentation: (any RouteDescription)?, options: RouteOptions, handler: RouteHandler)
}

extension Router: RouteRegistering {}
extension RouteGroup: RouteRegistering {}

/// Registering a route with its ``OpenAPIOperation``:
/// `group.post("/v1/invites", operation: .createInvite) { … }`. The
/// operation is stored with the route (``RouteDescription``), and the
/// document takes the path, method and guard from the router.
extension RouteRegistering {
    /// Adds a `GET` route (which also answers `HEAD`) described by `operation`.
    mutating func get(_ pattern: String, operation: OpenAPIOperation, options: RouteOptions = RouteOptions(), handler: RouteHandler) {
        add("GET", pattern, documentation: operation, options: options, handler: handler)
    }

    /// Adds a `POST` route described by `operation`.
    mutating func post(_ pattern: String, operation: OpenAPIOperation, options: RouteOptions = RouteOptions(), handler: RouteHandler) {
        add("POST", pattern, documentation: operation, options: options, handler: handler)
    }

    /// Adds a `PATCH` route described by `operation`.
    mutating func patch(_ pattern: String, operation: OpenAPIOperation, options: RouteOptions = RouteOptions(), handler: RouteHandler) {
        add("PATCH", pattern, documentation: operation, options: options, handler: handler)
    }

    /// Adds a `DELETE` route described by `operation`.
    mutating func delete(_ pattern: String, operation: OpenAPIOperation, options: RouteOptions = RouteOptions(), handler: RouteHandler) {
        add("DELETE", pattern, documentation: operation, options: options, handler: handler)
    }
}
