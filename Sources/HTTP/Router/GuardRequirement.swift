/// One way a ``RouteGuard`` admits a caller, named as an OpenAPI security
/// requirement names it: a security scheme (`apiKey`, `adminSession`) and
/// the scopes the credential must carry (none for a scheme without scopes).
///
/// A guard lists every way it admits; the router reports them per route
/// (``Router/guardedRoutes``), so a test can hold the API's documentation
/// to what the code checks.
public struct GuardRequirement: Sendable, Hashable, CustomStringConvertible {
    /// The security scheme's name in the API's documentation.
    public let scheme: String
    /// The scopes the credential needs, in the order the documentation lists them.
    public let scopes: [String]

    /// A requirement of `scheme` with `scopes`.
    public init(_ scheme: String, scopes: [String] = []) {
        self.scheme = scheme
        self.scopes = scopes
    }

    /// `scheme` or `scheme:scope,scope`: for test failure messages.
    public var description: String {
        scopes.isEmpty ? scheme : scheme + ":" + scopes.joined(separator: ",")
    }
}
