import BatonCore
import BatonLinks
import HTTP

extension BatonApplication {
    /// Takes one token of `limitClass` for `subject`; an API key
    /// (``RateSubject/apiKey(id:)``) takes nothing here.
    /// - Throws: 429 `rate_limited` with `Retry-After`.
    func limit(_ limitClass: RateLimitClass, for subject: RateSubject) throws {
        guard case .client(let address) = subject else { return }
        try take(limitClass, bucket: address)
    }

    /// The middleware that takes one token of `limitClass` for the client
    /// address before the handler runs (`handoff`, `invocation`).
    func limiting(_ limitClass: RateLimitClass) -> Middleware {
        { [self] handler in
            { request in
                try self.limit(limitClass, for: .client(address: request.clientAddress))
                return try handler(request)
            }
        }
    }

    /// Takes one token of `limitClass` from the bucket `bucket` (a client
    /// address, or `key:<public id>`).
    /// - Throws: 429 `rate_limited` with `Retry-After`.
    func take(_ limitClass: RateLimitClass, bucket: String) throws {
        if case .limited(let seconds) = rateLimiter.admit(limitClass, key: bucket) {
            metrics.rateLimited.labels(limitClass.rawValue).increment()
            throw RateLimited(limitClass: limitClass, retryAfterSeconds: seconds)
        }
    }

    /// Refuses when `bucket` of `limitClass` has no token left; takes none
    /// (the caller takes one only when the attempt fails).
    /// - Throws: 429 `rate_limited` with `Retry-After`.
    func refuseIfSpent(_ limitClass: RateLimitClass, bucket: String) throws {
        if case .limited(let seconds) = rateLimiter.peek(limitClass, key: bucket) {
            metrics.rateLimited.labels(limitClass.rawValue).increment()
            throw RateLimited(limitClass: limitClass, retryAfterSeconds: seconds)
        }
    }

    /// Runs a lookup by credential under the credential's rate limits: a
    /// typed code takes a `code` token for `subject` whatever the outcome,
    /// needs ``guessBudget`` to admit the subject's bucket (read from the
    /// database the first time this replica sees it in a window; an API key,
    /// ``RateSubject/apiKey(id:)``, has a bucket of its own under
    /// `key_code_failures` and never meets the global budget), and counts as
    /// a failure when nothing is found or as a known-good client when the
    /// invite is; a token takes a `token` token and never consults the budget.
    /// - Throws: 429 `rate_limited` (saying that the invite link still
    ///   works), or whatever `lookup` throws.
    func limitingLookup<T>(_ credential: Credential, for subject: RateSubject, _ lookup: () throws -> T) throws -> T {
        guard case .code = credential else {
            try limit(.token, for: subject)
            return try lookup()
        }
        try limit(.code, for: subject)
        let bucket =
            switch subject {
            case .client(let address): GuessBucket(clientAddress: address)
            case .apiKey(let id): GuessBucket(apiKeyID: id)
            }
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
        guessBudget.recordSuccess(bucket)
        return result
    }
}
