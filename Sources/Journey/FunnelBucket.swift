import Foundation

/// One bucket of a funnel report: the UTC span `[start, end)` and what it holds.
/// JSON: `start`, `end`, the stage counts, `conversion`,
/// `redemptions_by_channel`, `rejections_by_code`.
public struct FunnelBucket: Sendable, Equatable, Encodable {
    /// The bucket's first instant (inclusive).
    public var start: Date
    /// The bucket's end (exclusive): the next bucket's start.
    public var end: Date
    /// Its counts.
    public var tally: FunnelTally

    /// An empty bucket.
    public init(start: Date, end: Date, tracksRejections: Bool) {
        self.start = start
        self.end = end
        self.tally = FunnelTally(tracksRejections: tracksRejections)
    }

    /// The flattened form described above.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FunnelCodingKey.self)
        try container.encode(start, forKey: "start")
        try container.encode(end, forKey: "end")
        try tally.encode(into: &container)
    }
}
