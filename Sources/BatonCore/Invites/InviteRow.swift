import Foundation
import Postgres

/// The columns every invite query returns, and their decoding by name.
enum InviteRow {
    /// `state` is the effective state: an active invite past `expires_at`
    /// (by the database clock) reads as `expired` before the sweep runs.
    static let columns = """
        id, family_id, family_name, inviter_id, inviter_name,
        CASE WHEN state = 'active' AND expires_at <= now() THEN 'expired' ELSE state END AS state,
        max_redemptions, redemption_count, metadata::text AS metadata, created_at, expires_at, first_previewed_at,
        finalized_at, invitee_kind, invitee_hint, allow_self_redemption, source, campaign, erased_at, locale,
        (extract(epoch FROM created_at) * 1000000)::bigint AS created_micros
        """

    /// The invite in a row holding ``columns`` (and perhaps more).
    /// - Throws: `column_missing`, or `decoding_unknown_value` for a state
    ///   this build does not know.
    static func invite(_ row: PostgresRow) throws(PostgresError) -> Invite {
        Invite(
            id: try row.decode(UUID.self, "id"),
            familyID: try row.decode(String.self, "family_id"),
            familyName: try row.decode(String.self, "family_name"),
            inviterID: try row.decode(String?.self, "inviter_id"),
            inviterName: try row.decode(String?.self, "inviter_name"),
            state: try row.decode(Invite.State.self, "state"),
            maxRedemptions: try row.decode(Int.self, "max_redemptions"),
            redemptionCount: try row.decode(Int.self, "redemption_count"),
            metadata: try row.decode(String.self, "metadata"),
            createdAt: try row.decode(Date.self, "created_at"),
            expiresAt: try row.decode(Date.self, "expires_at"),
            firstPreviewedAt: try row.decode(Date?.self, "first_previewed_at"),
            finalizedAt: try row.decode(Date?.self, "finalized_at"),
            invitee: try binding(row),
            allowSelfRedemption: try row.decode(Bool.self, "allow_self_redemption"),
            attribution: Attribution(source: try row.decode(String?.self, "source"), campaign: try row.decode(String?.self, "campaign")),
            erasedAt: try row.decode(Date?.self, "erased_at"),
            locale: try row.decode(String?.self, "locale").flatMap { PageLanguage(tag: $0) },
            createdMicros: try row.decode(Int64.self, "created_micros")
        )
    }
}

extension InviteRow {
    /// The invitee's kind and hint, or nil for an unbound (or erased) invite.
    fileprivate static func binding(_ row: PostgresRow) throws(PostgresError) -> InviteeBinding? {
        guard let kind = try row.decode(Invitee.Kind?.self, "invitee_kind") else { return nil }
        return InviteeBinding(kind: kind, hint: try row.decode(String?.self, "invitee_hint"))
    }
}

/// Read from the effective `state` of ``InviteRow/columns``.
extension Invite.State: PostgresDecodable {}

/// Read from `invitee_kind`.
extension Invitee.Kind: PostgresDecodable {}
