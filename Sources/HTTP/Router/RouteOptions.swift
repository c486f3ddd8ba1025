/// Per-route limits, checked before the handler runs.
public struct RouteOptions: Sendable {
    /// The largest body accepted, in bytes. A longer `Content-Length` is
    /// answered 413 before any body is read; a chunked body is cut off with
    /// 413 as soon as it passes the limit. Default 64 KiB.
    public var maxBodyBytes: Int
    /// The body content types accepted (essences such as `application/json`),
    /// or nil for any. A request with a body of another type gets 415.
    public var acceptedContentTypes: [String]?

    /// Options; the defaults fit a JSON API route.
    public init(maxBodyBytes: Int = 64 * 1024, acceptedContentTypes: [String]? = [MediaType.json]) {
        self.maxBodyBytes = maxBodyBytes
        self.acceptedContentTypes = acceptedContentTypes
    }

    /// Whether a body declared as `contentType` may be sent to this route.
    func accepts(contentType: String?) -> Bool {
        guard let acceptedContentTypes else { return true }
        guard let contentType else { return false }
        let essence = MediaType.essence(of: contentType)
        return acceptedContentTypes.contains(essence)
    }
}
