import BatonJSON

/// The fields of one invite as a client sends them (`POST /v1/invites`, or
/// one item of a batch), before validation. Every field is optional here so
/// that a missing one is reported by ``NewInvite/init(_:field:)`` as
/// `validation_failed` with its name, like any other bad value.
public struct InviteDraft: Decodable, Sendable {
    /// `family_id`.
    public var familyID: String?
    /// `family_name`.
    public var familyName: String?
    /// `inviter_id`.
    public var inviterID: String?
    /// `inviter_name`.
    public var inviterName: String?
    /// `ttl_seconds`.
    public var ttlSeconds: Int?
    /// `max_redemptions`.
    public var maxRedemptions: Int?
    /// `metadata`, any JSON until validated.
    public var metadata: JSONValue?
    /// `invitee`: exactly one of `email`, `phone`, `subject`.
    public var invitee: InviteeDraft?
    /// `allow_self_redemption`.
    public var allowSelfRedemption: Bool?
    /// `source`.
    public var source: String?
    /// `campaign`.
    public var campaign: String?
    /// `locale`, a BCP 47 tag until validated.
    public var locale: String?

    /// The keys as the API spells them (its decoder matches keys as written).
    private enum CodingKeys: String, CodingKey {
        case familyID = "family_id", familyName = "family_name", inviterID = "inviter_id", inviterName = "inviter_name"
        case ttlSeconds = "ttl_seconds", maxRedemptions = "max_redemptions", metadata
        case invitee, allowSelfRedemption = "allow_self_redemption", source, campaign, locale
    }

    /// A draft with the given fields.
    public init(
        familyID: String? = nil, familyName: String? = nil, inviterID: String? = nil, inviterName: String? = nil,
        ttlSeconds: Int? = nil, maxRedemptions: Int? = nil, metadata: JSONValue? = nil, invitee: InviteeDraft? = nil,
        allowSelfRedemption: Bool? = nil, source: String? = nil, campaign: String? = nil, locale: String? = nil
    ) {
        self.familyID = familyID
        self.familyName = familyName
        self.inviterID = inviterID
        self.inviterName = inviterName
        self.ttlSeconds = ttlSeconds
        self.maxRedemptions = maxRedemptions
        self.metadata = metadata
        self.invitee = invitee
        self.allowSelfRedemption = allowSelfRedemption
        self.source = source
        self.campaign = campaign
        self.locale = locale
    }
}

/// `POST /v1/invites/batch`: `{"invites": [...]}`.
public struct InviteBatchDraft: Decodable, Sendable {
    /// The items; nil when the key is missing.
    public var invites: [InviteDraft]?
}
