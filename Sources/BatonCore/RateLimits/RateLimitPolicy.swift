import Foundation

/// The limit of every ``RateLimitClass``, as `BATON_RATE_LIMITS` sets them.
///
/// Format: `off`, or comma-separated `class=N/unit` items (unit `s`, `min`,
/// `h` or `day`), such as `code=10/min,code_failures=600/h`. Classes not
/// named keep their default (``defaults``).
public struct RateLimitPolicy: Sendable, Equatable {
    /// The limit of each class.
    public var limits: [RateLimitClass: RateLimit]

    /// The defaults: typed codes 10/min per address (6.7 years per hit for
    /// one address against a million live 10-character codes; see
    /// docs/links.md), 20 failed code lookups per hour per client bucket, 200
    /// per API key and 600 across all anonymous clients, one back every 6 s
    /// (docs/redemption.md), tokens 300/min,
    /// invocations and handoff validations 60/min, API keys 6000/min, failed
    /// API-key attempts 30/min per address.
    public static let defaults = RateLimitPolicy(limits: [
        .code: RateLimit(count: 10, periodSeconds: 60)!,
        .codeFailures: RateLimit(count: 600, periodSeconds: 3600)!,
        .clientCodeFailures: RateLimit(count: 20, periodSeconds: 3600)!,
        .keyCodeFailures: RateLimit(count: 200, periodSeconds: 3600)!,
        .token: RateLimit(count: 300, periodSeconds: 60)!,
        .invocation: RateLimit(count: 60, periodSeconds: 60)!,
        .handoff: RateLimit(count: 60, periodSeconds: 60)!,
        .key: RateLimit(count: 6000, periodSeconds: 60)!,
        .authFailures: RateLimit(count: 30, periodSeconds: 60)!,
    ])

    /// A policy with `limits`; classes missing from it are unlimited.
    public init(limits: [RateLimitClass: RateLimit]) {
        self.limits = limits
    }

    /// Parses the setting: nil policy for `off`, nil result for a malformed text.
    public static func parse(_ text: String) -> RateLimitPolicy?? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed == "off" { return .some(nil) }
        guard trimmed.utf8.count <= 1024 else { return nil }
        var policy = defaults
        for item in trimmed.split(separator: ",") {
            let pair = item.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            guard pair.count == 2, let limitClass = RateLimitClass(rawValue: String(pair[0])),
                let limit = RateLimit(parsing: pair[1])
            else { return nil }
            policy.limits[limitClass] = limit
        }
        return .some(policy)
    }

    /// The setting's text for this policy.
    public var description: String {
        RateLimitClass.allCases.compactMap { limitClass in limits[limitClass].map { "\(limitClass.rawValue)=\($0)" } }
            .joined(separator: ",")
    }
}
