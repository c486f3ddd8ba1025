import BatonJSON
import Foundation
import HTTP
import Postgres

/// Erases a family's personal data everywhere Baton stores it, in the
/// caller's transaction (docs/privacy.md): the family's live invites are
/// revoked (with `invite.revoked` events for the funnel, no webhooks); on
/// its invites the family name becomes ``erasedFamilyName`` and the inviter,
/// metadata and invitee are cleared; redeemer ids on its redemptions and
/// events become their erased form (``RedeemerEraser``), so counts and
/// one-redemption-per-redeemer still hold; event data loses the names,
/// inviter, metadata and invitee, which also erases the bodies of webhook
/// jobs not yet delivered (they are built from the event row; jobs still
/// carrying a copy of their body are pointed at the row instead); stored
/// idempotent responses are rewritten into the erased form. One
/// `family.erased` event is delivered, holding only counts.
///
/// What stays: the family id (the backend's own key, which the
/// `family.erased` event names), invite and redemption ids, states, counts,
/// times, channels, `source` and `campaign`, and the rollups' counts.
public struct FamilyEraser: Sendable {
    /// What an erased invite's `family_name` reads.
    public static let erasedFamilyName = "[erased]"
    /// Invites whose redemptions are erased per round trip.
    static let inviteBatch = 100

    private let redeemers: RedeemerEraser
    private let idempotency: IdempotencyStore
    /// Delivery attempts of the `family.erased` webhook job.
    public let webhookMaxAttempts: Int

    /// An eraser under `secret` (the `BATON_SECRET_KEY` bytes).
    public init(secret: [UInt8], webhookMaxAttempts: Int = OutboxEvents.defaultWebhookMaxAttempts) {
        redeemers = RedeemerEraser(secret: secret)
        idempotency = IdempotencyStore(secret: secret)
        self.webhookMaxAttempts = webhookMaxAttempts
    }

    /// What one erasure did.
    public struct Report: Sendable, Equatable {
        /// The erased family.
        public var familyID: String
        /// Live invites this erasure revoked.
        public var invitesRevoked = 0
        /// Invites erased now (those of an earlier erasure are not counted again).
        public var invitesErased = 0
        /// Redemptions whose redeemer id was replaced.
        public var redemptionsErased = 0
        /// Events whose data was erased.
        public var eventsErased = 0
        /// Stored idempotent responses rewritten (or dropped).
        public var responsesErased = 0
        /// When, by the database clock.
        public var erasedAt = Date(timeIntervalSince1970: 0)
        /// The `family.erased` event's id (its webhook's `id`).
        public var eventID = UUID()
    }

    /// Erases family `familyID` (see the type's description). Erasing again
    /// is safe: it revokes and erases what was made since, and records
    /// another `family.erased` event.
    /// - Throws: ``FamilyError/notFound`` when no invite ever named the
    ///   family, or the database's error (roll the transaction back).
    public func erase(familyID: String, on connection: PostgresConnection) throws -> Report {
        guard NewInvite.idLength.contains(familyID.unicodeScalars.count),
            let locked = try connection.query(Self.lockFamily, [familyID]).first, try locked.decode(Int64.self, "invites") > 0
        else { throw FamilyError.notFound }
        var report = Report(familyID: familyID)
        let revoked = try connection.query(Self.revokeFamily, [familyID])[0]
        report.invitesRevoked = Int(try revoked.decode(Int64.self, "revoked"))
        report.erasedAt = try revoked.decode(Date.self, "erased_at")
        while true {
            let invites: [UUID] = try connection.query(Self.pendingInvites, [familyID, Self.inviteBatch]).map {
                try $0.decode(UUID.self, "id")
            }
            guard !invites.isEmpty else { break }
            let redemptions = try connection.query(Self.redemptionsOf, [invites])
            let ids = try redemptions.map { try $0.decode(UUID.self, "id") }
            let erased = try redemptions.map { redeemers.erased(try $0.decode(String.self, "redeemer_id")) }
            if !ids.isEmpty { try connection.query(Self.eraseRedemptions, [ids, erased]) }
            try connection.query(Self.eraseInvites, [invites])
            report.invitesErased += invites.count
            report.redemptionsErased += ids.count
        }
        let events = try connection.query(Self.eraseEvents, [familyID, Self.erasedDataKeys, OutboxEvents.webhookKind])[0]
        report.eventsErased = Int(try events.decode(Int64.self, "events"))
        let erasedAt = JSONCoding.timestamp(report.erasedAt)
        report.responsesErased = try idempotency.erase(familyID: familyID, erasedAt: erasedAt, redeemer: redeemers.erased, on: connection)
        report.eventID = try OutboxEvents.record(
            .familyErased, inviteID: nil, familyID: familyID, data: PostgresJSON(Self.eventData(report, erasedAt: erasedAt)),
            maxAttempts: webhookMaxAttempts, on: connection)
        return report
    }

    /// The `family.erased` event's data: counts only.
    private static func eventData(_ report: Report, erasedAt: String) -> String {
        """
        {"erased_at": "\(erasedAt)", "invites_revoked": \(report.invitesRevoked), "invites_erased": \(report.invitesErased), \
        "redemptions_erased": \(report.redemptionsErased)}
        """
    }
}
