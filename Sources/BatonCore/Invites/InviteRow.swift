import Foundation
import Postgres

/// The columns every invite query returns, and their decoding.
enum InviteRow {
    /// `state` is the effective state: an active invite past `expires_at`
    /// (by the database clock) reads as `expired` before the sweep runs.
    static let columns = """
        id, family_id, family_name, inviter_id, inviter_name,
        CASE WHEN state = 'active' AND expires_at <= now() THEN 'expired' ELSE state END AS state,
        max_redemptions, redemption_count, metadata::text AS metadata, created_at, expires_at, first_previewed_at,
        finalized_at, (extract(epoch FROM created_at) * 1000000)::bigint AS created_micros
        """
    /// Columns in ``columns``; extra columns of a query come after.
    static let columnCount = 14

    static func invite(_ row: PostgresRow) throws -> Invite {
        guard let state = Invite.State(rawValue: try row.decode(String.self, at: 5)) else {
            throw PostgresError(.decodingTypeMismatch)
        }
        return Invite(
            id: try row.decode(UUID.self, at: 0),
            familyID: try row.decode(String.self, at: 1),
            familyName: try row.decode(String.self, at: 2),
            inviterID: try row.decode(String?.self, at: 3),
            inviterName: try row.decode(String?.self, at: 4),
            state: state,
            maxRedemptions: try row.decode(Int.self, at: 6),
            redemptionCount: try row.decode(Int.self, at: 7),
            metadata: try row.decode(String.self, at: 8),
            createdAt: try row.decode(Date.self, at: 9),
            expiresAt: try row.decode(Date.self, at: 10),
            firstPreviewedAt: try row.decode(Date?.self, at: 11),
            finalizedAt: try row.decode(Date?.self, at: 12),
            createdMicros: try row.decode(Int64.self, at: 13)
        )
    }
}
