import BatonCore
import BatonLinks
import HTTP

extension BatonApplication {
    /// Takes one token of `limitClass` for the request's client address.
    /// - Throws: 429 `rate_limited` with `Retry-After`.
    func limit(_ limitClass: RateLimitClass, request: Request) throws {
        try limit(limitClass, key: request.clientAddress)
    }

    /// Takes one token of `limitClass` for `key`, a client address or
    /// `key:<public id>`; nil for a request already limited per API key in
    /// ``authenticate(_:scope:)`` (class `key`), which takes nothing more here.
    /// - Throws: 429 `rate_limited` with `Retry-After`.
    func limit(_ limitClass: RateLimitClass, key: String?) throws {
        guard let key else { return }
        if case .limited(let seconds) = rateLimiter.admit(limitClass, key: key) {
            metrics.rateLimited.labels(limitClass.rawValue).increment()
            throw RateLimited(limitClass: limitClass, retryAfterSeconds: seconds)
        }
    }

    /// Runs a lookup by credential under the credential's rate limits: a
    /// typed code takes a `code` token for `key` whatever the outcome, needs
    /// the global failed-lookup budget to have room, and spends from it when
    /// nothing is found — API-key requests (`key` nil) too; a token takes a
    /// `token` token.
    /// - Throws: 429 `rate_limited`, or whatever `lookup` throws.
    func limitingLookup<T>(_ credential: Credential, key: String?, _ lookup: () throws -> T) throws -> T {
        guard case .code = credential else {
            try limit(.token, key: key)
            return try lookup()
        }
        try limit(.code, key: key)
        if case .limited(let seconds) = rateLimiter.codeLookupsAllowed() {
            metrics.rateLimited.labels(RateLimitClass.codeFailures.rawValue).increment()
            throw RateLimited(limitClass: .codeFailures, retryAfterSeconds: seconds)
        }
        do {
            return try lookup()
        } catch RedeemError.notFound {
            rateLimiter.recordFailedCodeLookup()
            throw RedeemError.notFound
        }
    }
}
