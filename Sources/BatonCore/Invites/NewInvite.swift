import BatonJSON
import SafeText

/// A validated invite, ready to insert: the API's limits (docs/api.md), checked
/// before the database is touched (the schema's CHECK constraints repeat
/// them as the last line of defence).
public struct NewInvite: Sendable, Equatable {
    /// Characters of `family_id` and `inviter_id`.
    public static let idLength = 1...128
    /// Characters of `family_name` and `inviter_name`.
    public static let nameLength = 1...100
    /// Seconds an invite may live.
    public static let ttlRange = 1...31_536_000
    /// A week, when `ttl_seconds` is not given.
    public static let defaultTTL = 604_800
    /// Redemptions one invite may allow.
    public static let maxRedemptionsRange = 1...10_000
    /// Bytes of `metadata` as compact JSON.
    public static let metadataLimit = 4096
    /// Nesting levels of `metadata`.
    public static let metadataDepthLimit = 16

    /// The backend's family id.
    public var familyID: String
    /// The family's display name.
    public var familyName: String
    /// The inviter's id, if given.
    public var inviterID: String?
    /// The inviter's display name, if given.
    public var inviterName: String?
    /// Seconds from creation to expiry.
    public var ttlSeconds: Int
    /// Redemptions allowed.
    public var maxRedemptions: Int
    /// A JSON object as compact text.
    public var metadata: String
    /// The one person who may redeem it, if bound.
    public var invitee: Invitee?
    /// Whether its inviter may redeem it.
    public var allowSelfRedemption: Bool
    /// Where it came from.
    public var attribution: Attribution
    /// The language of its landing page, if the backend chose one.
    public var locale: PageLanguage?

    /// Validates `draft`; `prefix` names the item in error fields (`invites.3.`).
    /// - Throws: `InviteError.validationFailed` for the first bad field.
    public init(_ draft: InviteDraft, field prefix: String = "") throws(InviteError) {
        familyID = try Self.text(draft.familyID, field: prefix + "family_id", length: Self.idLength)
        familyName = try Self.text(draft.familyName, field: prefix + "family_name", length: Self.nameLength)
        inviterID = try draft.inviterID.map { v throws(InviteError) in try Self.id(v, field: prefix + "inviter_id") }
        inviterName = try draft.inviterName.map { v throws(InviteError) in
            try Self.text(v, field: prefix + "inviter_name", length: Self.nameLength)
        }
        ttlSeconds = try Self.number(draft.ttlSeconds ?? Self.defaultTTL, field: prefix + "ttl_seconds", in: Self.ttlRange)
        maxRedemptions = try Self.number(draft.maxRedemptions ?? 1, field: prefix + "max_redemptions", in: Self.maxRedemptionsRange)
        metadata = try Self.metadata(draft.metadata ?? .object([:]), field: prefix + "metadata")
        invitee = try draft.invitee.map { v throws(InviteError) in try Invitee(v, field: prefix + "invitee") }
        allowSelfRedemption = draft.allowSelfRedemption ?? false
        attribution = try Attribution(source: draft.source, campaign: draft.campaign, field: prefix)
        locale = try draft.locale.map { v throws(InviteError) in try Self.locale(v, field: prefix + "locale") }
    }

    /// The supported language `tag` names exactly (case aside).
    /// - Throws: `InviteError.unsupportedLocale` for any other tag.
    static func locale(_ tag: String, field: String) throws(InviteError) -> PageLanguage {
        guard let language = PageLanguage(tag: tag) else { throw .unsupportedLocale(field: field) }
        return language
    }

    static func text(_ value: String?, field: String, length: ClosedRange<Int>) throws(InviteError) -> String {
        guard let value else { throw .validationFailed(field: field, reason: "is required") }
        // Counted in Unicode scalars, as PostgreSQL's char_length counts them.
        guard length.contains(value.unicodeScalars.count) else {
            throw .validationFailed(field: field, reason: "must have \(length.lowerBound) to \(length.upperBound) characters")
        }
        guard !HiddenCharacters.contains(in: value) else {
            throw .validationFailed(field: field, reason: "must not contain control or format characters")
        }
        return value
    }

    /// An id compared with redeemer ids (the self-redemption guard): as
    /// ``text(_:field:length:)``, and without any hidden character
    /// (``IdentityText``), so no redeemer id looks like it and differs.
    static func id(_ value: String, field: String) throws(InviteError) -> String {
        guard !IdentityText.containsHidden(value) else {
            throw .validationFailed(field: field, reason: "must not contain control, format or invisible characters")
        }
        return try text(value, field: field, length: idLength)
    }

    static func number(_ value: Int, field: String, in range: ClosedRange<Int>) throws(InviteError) -> Int {
        guard range.contains(value) else {
            throw .validationFailed(field: field, reason: "must be from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    static func metadata(_ value: JSONValue, field: String) throws(InviteError) -> String {
        guard case .object = value else { throw .validationFailed(field: field, reason: "must be a JSON object") }
        guard value.depth <= metadataDepthLimit else {
            throw .validationFailed(field: field, reason: "must nest at most \(metadataDepthLimit) levels")
        }
        guard !value.containsNUL else {
            throw .validationFailed(field: field, reason: "must not contain the NUL character (U+0000) in a key or string")
        }
        let text = value.jsonText()
        guard text.utf8.count <= metadataLimit else {
            throw .validationFailed(field: field, reason: "must be at most \(metadataLimit) bytes as JSON")
        }
        return text
    }
}
