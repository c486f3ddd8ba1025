/// What the API's documentation says of a route (its operation id, summary,
/// request and answers), attached where the route is registered. HTTP stores
/// it beside the route and hands it back (``Router/registrations``) without
/// reading it: the application's own type conforms, so HTTP does not depend
/// on the documentation's form. Path, method and the credentials the route's
/// guard admits come from the router, so a description never repeats them.
public protocol RouteDescription: Sendable {}

/// A route left out of the API's documentation on purpose (a page for
/// people, an asset), with the reason, so that "no description" is always a
/// decision someone wrote down rather than an omission.
public struct UndocumentedRoute: RouteDescription {
    /// Why the route is not documented.
    public let reason: String

    /// A route left out of the documentation because of `reason`.
    public init(reason: String) {
        self.reason = reason
    }
}

/// A route as the router reports it for documentation and its tests.
public struct RegisteredRoute: Sendable {
    /// The method, upper-cased, such as `POST`.
    public let method: String
    /// The pattern as written, such as `/v1/invites/:id/revoke`.
    public let pattern: String
    /// Whether a group's guard (``RouteGuard``) admits its requests.
    public let isGuarded: Bool
    /// The ways that guard admits a caller; empty without one.
    public let accepts: [GuardRequirement]
    /// What was registered to document it, nil when nothing was.
    public let documentation: (any RouteDescription)?
}
