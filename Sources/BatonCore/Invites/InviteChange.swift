import BatonJSON
import Foundation

/// A validated `PATCH /v1/invites/{id}`: the fields to change, each nil when
/// it stays as it is. Checked before the database is touched with the
/// create's rules (``NewInvite``); what needs the database's clock or the
/// invite's redemptions (a date in the past, a maximum below the count) is
/// checked by ``InviteStore/update(id:_:on:)`` under the invite's row lock.
public struct InviteChange: Sendable, Equatable {
    /// The new expiry: `ttl_seconds` from now, or an instant.
    public enum Expiry: Sendable, Equatable {
        /// Seconds from the database's `now()` (``NewInvite/ttlRange``).
        case ttl(Int)
        /// An instant, which must lie in the future by the database's clock
        /// and at most ``NewInvite/ttlRange``'s upper bound away.
        case at(Date)
    }

    /// The new expiry, if any.
    public var expiry: Expiry?
    /// The new maximum of redemptions, if any.
    public var maxRedemptions: Int?
    /// The new metadata as compact JSON (it replaces the old), if any.
    public var metadata: String?
    /// The new family name, if any.
    public var familyName: String?
    /// The new inviter name, if any: `.some(nil)` removes it (`"inviter_name": null`).
    public var inviterName: String??
    /// The new landing-page language, if any: `.some(nil)` removes it (`"locale": null`).
    public var locale: PageLanguage??

    /// Validates `draft`.
    /// - Throws: `InviteError.validationFailed` for the first bad field, for
    ///   both `ttl_seconds` and `expires_at`, or for a body that changes nothing.
    public init(_ draft: InviteChangeDraft) throws(InviteError) {
        if let field = draft.nullFields.first {
            throw .validationFailed(field: field, reason: "must not be null; leave it out to keep it")
        }
        switch (draft.ttlSeconds, draft.expiresAt) {
        case (.some, .some):
            throw .validationFailed(field: "expires_at", reason: "cannot be given with ttl_seconds")
        case (.some(let ttl), nil):
            expiry = .ttl(try NewInvite.number(ttl, field: "ttl_seconds", in: NewInvite.ttlRange))
        case (nil, .some(let text)):
            guard let date = RFC3339.date(text) else {
                throw .validationFailed(field: "expires_at", reason: "must be an RFC 3339 date-time")
            }
            expiry = .at(date)
        case (nil, nil):
            expiry = nil
        }
        maxRedemptions = try draft.maxRedemptions.map { v throws(InviteError) in
            try NewInvite.number(v, field: "max_redemptions", in: NewInvite.maxRedemptionsRange)
        }
        metadata = try draft.metadata.map { v throws(InviteError) in try NewInvite.metadata(v, field: "metadata") }
        familyName = try draft.familyName.map { v throws(InviteError) in
            try NewInvite.text(v, field: "family_name", length: NewInvite.nameLength)
        }
        switch draft.inviterName {
        case .none: inviterName = nil
        case .some(.none): inviterName = .some(nil)
        case .some(.some(let name)): inviterName = try NewInvite.text(name, field: "inviter_name", length: NewInvite.nameLength)
        }
        switch draft.locale {
        case .none: locale = nil
        case .some(.none): locale = .some(nil)
        case .some(.some(let tag)): locale = try NewInvite.locale(tag, field: "locale")
        }
        guard
            expiry != nil || maxRedemptions != nil || metadata != nil || familyName != nil || inviterName != nil || locale != nil
        else {
            throw .validationFailed(field: "body", reason: "must change at least one field")
        }
    }
}

/// The body of `PATCH /v1/invites/{id}` as sent, before validation. A
/// field left out stays as it is; `null` is refused (`validation_failed`)
/// except for `inviter_name` and `locale`, where it removes the value.
public struct InviteChangeDraft: Decodable, Sendable {
    /// `ttl_seconds`.
    public var ttlSeconds: Int?
    /// `expires_at`, RFC 3339 text until validated.
    public var expiresAt: String?
    /// `max_redemptions`.
    public var maxRedemptions: Int?
    /// `metadata`, any JSON until validated.
    public var metadata: JSONValue?
    /// `family_name`.
    public var familyName: String?
    /// `inviter_name`: nil when left out, `.some(nil)` for `null`.
    public var inviterName: String??
    /// `locale`: nil when left out, `.some(nil)` for `null`.
    public var locale: String??
    /// The other fields sent as `null`, which validation refuses.
    public var nullFields: [String] = []

    private enum CodingKeys: String, CodingKey {
        case ttlSeconds = "ttl_seconds", expiresAt = "expires_at", maxRedemptions = "max_redemptions", metadata
        case familyName = "family_name", inviterName = "inviter_name", locale
    }

    /// A draft with the given fields.
    public init(
        ttlSeconds: Int? = nil, expiresAt: String? = nil, maxRedemptions: Int? = nil, metadata: JSONValue? = nil,
        familyName: String? = nil, inviterName: String?? = nil, locale: String?? = nil
    ) {
        self.ttlSeconds = ttlSeconds
        self.expiresAt = expiresAt
        self.maxRedemptions = maxRedemptions
        self.metadata = metadata
        self.familyName = familyName
        self.inviterName = inviterName
        self.locale = locale
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        nullFields = try [CodingKeys.ttlSeconds, .expiresAt, .maxRedemptions, .metadata, .familyName]
            .filter { key in try container.contains(key) && container.decodeNil(forKey: key) }.map(\.rawValue)
        ttlSeconds = try container.decodeIfPresent(Int.self, forKey: .ttlSeconds)
        expiresAt = try container.decodeIfPresent(String.self, forKey: .expiresAt)
        maxRedemptions = try container.decodeIfPresent(Int.self, forKey: .maxRedemptions)
        metadata = try container.decodeIfPresent(JSONValue.self, forKey: .metadata)
        familyName = try container.decodeIfPresent(String.self, forKey: .familyName)
        if container.contains(.inviterName) {
            inviterName = .some(
                try container.decodeNil(forKey: .inviterName) ? nil : try container.decode(String.self, forKey: .inviterName))
        }
        if container.contains(.locale) {
            locale = .some(try container.decodeNil(forKey: .locale) ? nil : try container.decode(String.self, forKey: .locale))
        }
    }
}
