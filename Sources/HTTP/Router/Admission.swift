/// What a route group's guard decided from a request's head (line and
/// headers), before any body byte is read.
public enum Admission<Identity: Sendable>: Sendable {
    /// Go on: the body is read and the handler runs with this identity.
    case admit(Identity)
    /// Answer this instead (a page of its own, say); the body is not read.
    case refuse(Response)
}

/// How a route group admits requests: its check runs on the request head
/// (the ``Request`` it sees has an empty body) on the first callback
/// libmicrohttpd makes, so a refused request is answered before its body is
/// read and `Expect: 100-continue` is never granted to it. The check may
/// block (on the database, say) like a handler; a thrown error is answered
/// as a handler's would be (an `HTTPErrorConvertible` as its JSON error,
/// anything else as 500).
public struct RouteGuard<Identity: Sendable>: Sendable {
    /// Every way the check admits a caller, for documentation and its tests.
    public let accepts: [GuardRequirement]
    /// The check.
    public let admit: @Sendable (Request) throws -> Admission<Identity>

    /// A guard running `admit` on each request's head, which admits callers
    /// that meet one of `accepts`.
    public init(accepting accepts: [GuardRequirement], _ admit: @escaping @Sendable (Request) throws -> Admission<Identity>) {
        self.accepts = accepts
        self.admit = admit
    }
}
