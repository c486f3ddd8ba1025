/// What a rate limit counts. Each class has its own buckets, so a client busy
/// with link tokens does not lose its typed-code allowance, and the reverse.
public enum RateLimitClass: String, Sendable, CaseIterable, Hashable {
    /// Requests that present a typed code (preview, invocation, redemption):
    /// short secrets, so the strictest class, counted whatever the outcome.
    case code
    /// Requests that present a 130-bit link token: guessing is hopeless, so
    /// the limit only stops floods.
    case token
    /// `POST /v1/invocations`, counted before the URL is parsed.
    case invocation
    /// `POST /v1/handoffs/validate`.
    case handoff
    /// Everything a request authenticated by an API key does, counted per key.
    case key
    /// Typed-code lookups that found no invite, counted across all
    /// anonymous clients and replicas in one token bucket that refills
    /// continuously: the global guessing budget (NIST SP 800-63B §5.2.2).
    /// Empty, it refuses only clients that have failed themselves, until its
    /// next token (see ``GuessBudget``); API keys' failures never spend it.
    case codeFailures = "code_failures"
    /// Typed-code lookups that found no invite, counted per client bucket
    /// (an IPv4 address or an IPv6 /64, see ``GuessBucket``) across replicas,
    /// and checked before the global budget.
    case clientCodeFailures = "client_code_failures"
    /// Typed-code lookups that found no invite, counted per API key across
    /// replicas, in place of ``clientCodeFailures`` for requests the key
    /// authenticated, and in place of the global budget too.
    case keyCodeFailures = "key_code_failures"
    /// API keys presented that were malformed, unknown or revoked, counted
    /// per client address: past it, an address's attempts are refused
    /// before any lookup, so guessing keys costs no database reads.
    case authFailures = "auth_failures"
}
