import BatonJSON

/// What a deployment asks of redeemer JWTs beyond a good signature and an
/// unexpired `exp`: the audience and issuer they must name, when configured,
/// and the longest lifetime they may have.
public struct RedeemerTokenPolicy: Sendable, Equatable {
    /// The lifetime allowed when none is configured: one hour.
    public static let defaultMaxLifetimeSeconds: Int64 = 3600

    /// The `aud` a token must carry (as its string, or in its list); nil checks no audience.
    public var audience: String?
    /// The `iss` a token must carry; nil checks no issuer.
    public var issuer: String?
    /// The most seconds from `iat` (or from now, when it is absent or
    /// later) to `exp`: a leaked token is worth no more than this.
    public var maxLifetimeSeconds: Int64

    /// A policy; by default no audience or issuer and a one-hour lifetime.
    public init(audience: String? = nil, issuer: String? = nil, maxLifetimeSeconds: Int64 = defaultMaxLifetimeSeconds) {
        self.audience = audience
        self.issuer = issuer
        self.maxLifetimeSeconds = maxLifetimeSeconds
    }

    /// Whether `claim` (a JWT `aud`: a string or a list of strings) names ``audience``.
    func acceptsAudience(_ claim: JSONValue?) -> Bool {
        guard let audience else { return true }
        if let single = claim?.string { return single == audience }
        return claim?.strings?.contains(audience) ?? false
    }
}
