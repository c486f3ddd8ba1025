import BatonCore
import Foundation

/// What a span of time (one bucket, or a whole report) holds: stage counts,
/// redemptions per channel and refusals per code.
public struct FunnelTally: Sendable, Equatable {
    /// Events per funnel stage.
    public var counts = FunnelCounts()
    /// Redemptions per channel (`clip`, `app`, `web`, `backend`), every channel present.
    public var redemptionsByChannel: [String: Int]
    /// Refusals per ``RejectionCode`` (every code present), or nil for a
    /// report on one family: refusals are counted for all families together.
    public var rejectionsByCode: [String: Int]?

    /// Zero everywhere; `rejectionsByCode` nil when `tracksRejections` is false.
    public init(tracksRejections: Bool) {
        redemptionsByChannel = Dictionary(uniqueKeysWithValues: RedemptionChannel.allCases.map { ($0.rawValue, 0) })
        rejectionsByCode = tracksRejections ? Dictionary(uniqueKeysWithValues: RejectionCode.allCases.map { ($0.rawValue, 0) }) : nil
    }

    /// Adds `count` events of `eventType` that came through `channel`.
    /// `invite.rejected` events (which nothing writes yet) count under their `reason`.
    mutating func add(_ count: Int, eventType: String, channel: String, reason: String) {
        counts.add(count, eventType: eventType)
        if eventType == "invite.redeemed", !channel.isEmpty { redemptionsByChannel[channel, default: 0] += count }
        if eventType == "invite.rejected", !reason.isEmpty { addRejections(count, code: reason) }
    }

    /// Adds `count` refusals with `code`, when refusals are tracked.
    mutating func addRejections(_ count: Int, code: String) {
        guard rejectionsByCode != nil else { return }
        rejectionsByCode?[code, default: 0] += count
    }

    /// Writes the tally's keys (stages, `conversion`, channels, rejections) into `container`.
    func encode(into container: inout KeyedEncodingContainer<FunnelCodingKey>) throws {
        try container.encode(counts.issued, forKey: "issued")
        try container.encode(counts.previewed, forKey: "previewed")
        try container.encode(counts.redeemed, forKey: "redeemed")
        try container.encode(counts.expired, forKey: "expired")
        try container.encode(counts.revoked, forKey: "revoked")
        try container.encode(counts.conversion, forKey: "conversion")
        try container.encode(redemptionsByChannel, forKey: "redemptionsByChannel")
        try container.encode(rejectionsByCode, forKey: "rejectionsByCode")
    }
}

/// A coding key by name, for the flattened funnel JSON.
struct FunnelCodingKey: CodingKey, ExpressibleByStringLiteral {
    let stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
    init(stringLiteral value: String) { stringValue = value }
}
