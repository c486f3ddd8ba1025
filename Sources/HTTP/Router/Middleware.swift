/// A function from handler to handler: it runs around the handler it wraps
/// (before, after, or instead of it), as `countingRejections` counts the
/// refusals a handler throws. Middleware is applied once, when a route is
/// registered, so a request pays only for the calls, never for building
/// the chain.
public typealias Middleware = @Sendable (@escaping Handler) -> Handler
