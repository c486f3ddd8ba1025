import BatonJSON
import Foundation
import Postgres

extension InviteStore {
    /// Changes the active invite with `id` as `change` says, in the caller's
    /// transaction, and records `invite.updated` (with its webhook job)
    /// naming the fields that changed: old and new expiry and maximum, but
    /// names and metadata by name only, so an event never repeats them.
    ///
    /// The invite's row is locked first, so a redemption or the expiry sweep
    /// waiting behind it re-reads the changed row: a lowered maximum is never
    /// passed, and an extended invite is never expired at its old time (the
    /// moved `expires_at` gets a deadline of its own, migration 0007). A
    /// maximum equal to the redemptions so far leaves the invite `used_up`.
    /// - Returns: the invite as it now is.
    /// - Throws: `InviteError.notFound`, `.notActive` (used up, expired by the
    ///   database's clock, or revoked), `.maxRedemptionsBelowCount`,
    ///   `.validationFailed` (field `expires_at`) for an instant in the past
    ///   or too far ahead, or the database's error.
    public func update(id: UUID, _ change: InviteChange, on connection: PostgresConnection) throws -> Invite {
        guard let row = try connection.query(Self.lockForChange, [id]).first else { throw InviteError.notFound }
        let old = try InviteRow.invite(row)
        let now: Date = try row.decode("locked_at")
        guard old.state == .active, old.expiresAt > now else { throw InviteError.notActive }
        if let maximum = change.maxRedemptions, maximum < old.redemptionCount {
            throw InviteError.maxRedemptionsBelowCount(count: old.redemptionCount)
        }
        let expiresAt = try change.expiry.map { expiry throws(InviteError) in try Self.instant(expiry, now: now) }
        let inviterName: String?? = change.inviterName
        let locale: String?? = change.locale.map { $0?.tag }
        let updated = try InviteRow.invite(
            try connection.query(
                Self.updateStatement,
                [
                    id, change.familyName, inviterName != nil, inviterName ?? nil, expiresAt, change.maxRedemptions,
                    change.metadata, locale != nil, locale ?? nil,
                ])[0])
        if let data = Self.changeData(from: old, to: updated) {
            try OutboxEvents.record(
                .inviteUpdated, inviteID: id, familyID: updated.familyID, data: data, maxAttempts: webhookMaxAttempts, on: connection)
        }
        return updated
    }

    /// The absolute expiry `expiry` names when the database's clock reads `now`.
    private static func instant(_ expiry: InviteChange.Expiry, now: Date) throws(InviteError) -> Date {
        switch expiry {
        case .ttl(let seconds):
            return now.addingTimeInterval(TimeInterval(seconds))
        case .at(let date):
            let latest = now.addingTimeInterval(TimeInterval(NewInvite.ttlRange.upperBound))
            guard date > now, date <= latest else {
                throw .validationFailed(
                    field: "expires_at", reason: "must lie in the future, at most \(NewInvite.ttlRange.upperBound) seconds ahead")
            }
            return date
        }
    }

    /// The event's data: `changed` (the field names, sorted) and, for the
    /// expiry and the maximum, `{"old", "new"}`; nil when nothing changed.
    static func changeData(from old: Invite, to new: Invite) -> PostgresJSON? {
        var data: [String: JSONValue] = [:]
        var changed: [String] = []
        if old.expiresAt != new.expiresAt {
            changed.append("expires_at")
            data["expires_at"] = .object([
                "old": .string(JSONCoding.timestamp(old.expiresAt)), "new": .string(JSONCoding.timestamp(new.expiresAt)),
            ])
        }
        if old.maxRedemptions != new.maxRedemptions {
            changed.append("max_redemptions")
            data["max_redemptions"] = .object(["old": .int(old.maxRedemptions), "new": .int(new.maxRedemptions)])
        }
        if old.metadata != new.metadata { changed.append("metadata") }
        if old.familyName != new.familyName { changed.append("family_name") }
        if old.inviterName != new.inviterName { changed.append("inviter_name") }
        if old.locale != new.locale { changed.append("locale") }
        guard !changed.isEmpty else { return nil }
        data["changed"] = .array(changed.sorted().map(JSONValue.string))
        // Strings, integers and containers of them always encode.
        let json = (try? JSONCoding.encode(JSONValue.object(data))) ?? Data("{}".utf8)
        return PostgresJSON(String(decoding: json, as: UTF8.self))
    }

    /// The invite, locked for the change, and the database's clock once the
    /// lock is held (`clock_timestamp()`, not the transaction's start).
    static let lockForChange = PostgresStatement(
        name: "invites_lock_for_change",
        sql: "SELECT \(InviteRow.columns), clock_timestamp() AS locked_at FROM baton.invites WHERE id = $1 FOR UPDATE")

    /// Parameters: $1 id, $2 family name, $3 whether to set the inviter name,
    /// $4 the inviter name (NULL removes it), $5 expiry, $6 maximum, $7
    /// metadata, $8 whether to set the locale, $9 the locale (NULL removes
    /// it); a NULL leaves its column as it is. A maximum reached by the
    /// count uses the invite up.
    static let updateStatement = PostgresStatement(
        name: "invites_update",
        sql: """
            UPDATE baton.invites SET
                family_name = coalesce($2::text, family_name),
                inviter_name = CASE WHEN $3::bool THEN $4::text ELSE inviter_name END,
                locale = CASE WHEN $8::bool THEN $9::text ELSE locale END,
                expires_at = coalesce($5::timestamptz, expires_at),
                max_redemptions = coalesce($6::int4, max_redemptions),
                metadata = coalesce($7::jsonb, metadata),
                state = CASE WHEN coalesce($6::int4, max_redemptions) = redemption_count THEN 'used_up' ELSE state END,
                finalized_at = CASE WHEN coalesce($6::int4, max_redemptions) = redemption_count THEN now() ELSE finalized_at END
            WHERE id = $1
            RETURNING \(InviteRow.columns)
            """)
}
