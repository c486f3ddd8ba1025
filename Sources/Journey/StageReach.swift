/// How many invites of a cohort reached one stage within an hour, a day and
/// seven days of being issued, and ever (so far). Each count includes the
/// ones before it. JSON: `within_1h`, `within_1d`, `within_7d`, `ever`.
public struct StageReach: Sendable, Equatable, Encodable {
    /// Within 1 hour of issue.
    public var within1h = 0
    /// Within 1 day.
    public var within1d = 0
    /// Within 7 days.
    public var within7d = 0
    /// At any time so far.
    public var ever = 0

    /// All zero.
    public init() {}

    /// The given counts.
    public init(within1h: Int, within1d: Int, within7d: Int, ever: Int) {
        self.within1h = within1h
        self.within1d = within1d
        self.within7d = within7d
        self.ever = ever
    }

    /// Adds `other`'s counts.
    mutating func add(_ other: StageReach) {
        within1h += other.within1h
        within1d += other.within1d
        within7d += other.within7d
        ever += other.ever
    }

    private enum CodingKeys: String, CodingKey {
        case within1h = "within_1h", within1d = "within_1d", within7d = "within_7d", ever
    }
}
