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
    /// ``guessBudget`` to admit `key`'s bucket (read from the database the
    /// first time this replica sees it in a window; API-key requests, `key`
    /// nil, have none and answer to the global budget alone), and counts as
    /// a failure when nothing is found or as a known-good client when the
    /// invite is; a token takes a `token` token and never consults the budget.
    /// - Throws: 429 `rate_limited`, or whatever `lookup` throws.
    func limitingLookup<T>(_ credential: Credential, key: String?, _ lookup: () throws -> T) throws -> T {
        guard case .code = credential else {
            try limit(.token, key: key)
            return try lookup()
        }
        try limit(.code, key: key)
        let bucket = key.map(GuessBucket.init(clientAddress:))
        if let refusal = try guessBudget.admit(bucket, withConnection: { try withConnection($0) }) {
            metrics.rateLimited.labels(refusal.limitClass.rawValue).increment()
            throw RateLimited(limitClass: refusal.limitClass, retryAfterSeconds: refusal.retryAfterSeconds)
        }
        let result: T
        do {
            result = try lookup()
        } catch RedeemError.notFound {
            if guessBudget.recordFailure(bucket) { guessBudgetFlusher.wake() }
            throw RedeemError.notFound
        }
        if let bucket { guessBudget.recordSuccess(bucket) }
        return result
    }
}
