/// How a funnel's journey counts (`view`). **flow**: the invites that first
/// reached each stage within each bucket, whenever they were issued.
/// **cohort**: the invites issued in each bucket, and how many of them
/// reached each stage within an hour, a day, seven days and ever.
public enum FunnelView: String, Sendable, CaseIterable, Codable {
    /// Stage marks by the bucket they happened in.
    case flow
    /// Invites by the bucket they were issued in, and their later stages.
    case cohort
}
