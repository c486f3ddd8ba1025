/// Where an invite is in its life (`state`). A state a newer server adds
/// decodes as itself, so an older client keeps working.
public struct InviteState: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// Redeemable.
    public static let active = InviteState(rawValue: "active")
    /// Every use is taken.
    public static let usedUp = InviteState(rawValue: "used_up")
    /// Past its expiry.
    public static let expired = InviteState(rawValue: "expired")
    /// Withdrawn by the backend.
    public static let revoked = InviteState(rawValue: "revoked")

    /// The wire spelling, such as `used_up`.
    public let rawValue: String

    /// The state spelled `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }
}
