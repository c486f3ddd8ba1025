import BatonCore
import HTTP

/// 429 `rate_limited`: the client (address or API key) used up its allowance
/// of `limitClass`, or the global budget of failed code lookups is spent.
struct RateLimited: HTTPErrorConvertible, Equatable {
    let limitClass: RateLimitClass
    let retryAfterSeconds: Int

    var status: Int { 429 }
    var code: String { "rate_limited" }
    var message: String { "Too many requests; retry after \(retryAfterSeconds) seconds." }
    var details: [String: JSONValue] {
        ["limit": .string(limitClass.rawValue), "retry_after_seconds": .int(retryAfterSeconds)]
    }
    var responseHeaders: [(name: String, value: String)] { [("Retry-After", String(retryAfterSeconds))] }
}
