import BatonJSON

/// What a backend sends to create an invite (`POST /v1/invites`). Omitted
/// fields take the server's defaults (a week, one redemption).
public struct NewInvite: Encodable, Equatable, Sendable {
    /// The backend's family id, 1 to 128 characters.
    public var familyId: String
    /// The family's display name, 1 to 100 characters without control or format characters.
    public var familyName: String
    /// The backend's id of the inviting person.
    public var inviterId: String?
    /// The inviting person's display name.
    public var inviterName: String?
    /// Seconds until it expires (1 to a year).
    public var ttlSeconds: Int?
    /// How many redemptions it allows (1 to 10,000).
    public var maxRedemptions: Int?
    /// The backend's own JSON, at most 4 KB.
    public var metadata: [String: JSONValue]?

    /// An invite to `familyId`; the rest optional.
    public init(
        familyId: String, familyName: String, inviterId: String? = nil, inviterName: String? = nil, ttlSeconds: Int? = nil,
        maxRedemptions: Int? = nil, metadata: [String: JSONValue]? = nil
    ) {
        self.familyId = familyId
        self.familyName = familyName
        self.inviterId = inviterId
        self.inviterName = inviterName
        self.ttlSeconds = ttlSeconds
        self.maxRedemptions = maxRedemptions
        self.metadata = metadata
    }
}
