import BatonCore
import BatonJSON
import HTTP

/// 429 `rate_limited`: the client (address or API key) used up its allowance
/// of `limitClass`, or the global budget of failed code lookups is spent.
/// A refused typed code says that the invite link still works
/// (`details.link_still_works`): link tokens and signed handoffs never
/// depend on the typed-code limits (docs/redemption.md).
struct RateLimited: HTTPErrorConvertible, Equatable {
    let limitClass: RateLimitClass
    let retryAfterSeconds: Int

    var status: Int { 429 }
    var code: String { "rate_limited" }
    var message: String {
        guard refusesTypedCode else { return "Too many requests; retry after \(retryAfterSeconds) seconds." }
        return "Too many invite codes were tried; retry after \(retryAfterSeconds) seconds. The invite link still works."
    }
    var details: [String: JSONValue] {
        var details: [String: JSONValue] = ["limit": .string(limitClass.rawValue), "retry_after_seconds": .int(retryAfterSeconds)]
        if refusesTypedCode { details["link_still_works"] = true }
        return details
    }
    var responseHeaders: [(name: String, value: String)] { [("Retry-After", String(retryAfterSeconds))] }

    /// Whether the limit is one of typed codes, which a link never meets.
    private var refusesTypedCode: Bool {
        switch limitClass {
        case .code, .codeFailures, .clientCodeFailures, .keyCodeFailures: true
        case .token, .invocation, .handoff, .key, .authFailures: false
        }
    }
}
