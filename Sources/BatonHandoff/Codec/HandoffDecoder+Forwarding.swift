/// The store's reading rule: understand what you can, forward what is newer.
extension HandoffDecoder {
    /// Decodes `text` if its version is known to `registry`; if the version is
    /// newer, checks only size, segments, `typ` and time, and returns the
    /// bytes unread so an older app can still hand them to the server.
    ///
    /// - Throws: as ``decode(_:)``, except that a newer version is not an error.
    public func readForForwarding(_ text: String, registry: HandoffVersionRegistry<HandoffPayload> = .standard) throws(HandoffError)
        -> StoredHandoff
    {
        let newer = try withFrame(of: text) { (frame) throws(HandoffError) -> UnreadHandoff? in
            let header = try HandoffHeader.Frame(try frame.headerFields())
            guard registry.isNewer(header.version) else { return nil }
            try checkValidity(issuedAt: header.issuedAt, expiresAt: header.expiresAt)
            return UnreadHandoff(raw: text, version: header.version, issuedAt: header.issuedAt, expiresAt: header.expiresAt)
        }
        if let newer { return .newer(newer) }
        return .current(try decode(text, registry: registry))
    }
}
