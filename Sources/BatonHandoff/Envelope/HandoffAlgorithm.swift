/// The `alg` values an envelope may carry: a closed allow-list.
public enum HandoffAlgorithm: String, Sendable, CaseIterable {
    /// HMAC-SHA256 with a server key: envelopes minted by the server.
    case hs256 = "HS256"
    /// No MAC (RFC 7515 unsecured JWS): envelopes minted on the device. Only
    /// the device path accepts it, and only for ``HandoffKind/typedCode``.
    case none = "none"
}
