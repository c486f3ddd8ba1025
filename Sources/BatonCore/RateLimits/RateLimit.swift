/// One limit: at most `count` events per `periodSeconds`, refilled steadily,
/// with bursts of up to `count` (a token bucket of capacity `count`).
public struct RateLimit: Sendable, Hashable, CustomStringConvertible {
    /// Events allowed per period, and the burst size.
    public let count: Int
    /// The period in seconds.
    public let periodSeconds: Int

    /// A limit of `count` per `periodSeconds`; both at least 1.
    public init?(count: Int, periodSeconds: Int) {
        guard count >= 1, count <= 1_000_000_000, periodSeconds >= 1, periodSeconds <= 86_400 else { return nil }
        self.count = count
        self.periodSeconds = periodSeconds
    }

    /// Parses `N/s`, `N/min`, `N/h` or `N/day`, such as `10/min`.
    public init?(parsing text: some StringProtocol) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count <= 10, let count = Int(parts[0]), let unit = Self.units[String(parts[1])] else { return nil }
        self.init(count: count, periodSeconds: unit)
    }

    /// Tokens added back per second.
    var refillPerSecond: Double { Double(count) / Double(periodSeconds) }

    /// The written form, `10/min`.
    public var description: String {
        let unit = Self.units.filter { $0.value == periodSeconds }.map(\.key).sorted().first
        return unit.map { "\(count)/\($0)" } ?? "\(count)/\(periodSeconds)s"
    }

    private static let units = ["s": 1, "min": 60, "h": 3600, "day": 86_400]
}
