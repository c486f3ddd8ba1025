import BatonLinks
import Foundation
import JobQueue
import Postgres
import Telemetry

/// Previews and redeems invites by token or code, each as **one SQL
/// statement** (one round trip, one commit) on the caller's connection.
///
/// Exactly once: the redemption's conditional `UPDATE … WHERE state =
/// 'active' AND now() < expires_at AND redemption_count < max_redemptions`
/// takes the invite's row lock, and PostgreSQL re-checks that condition on
/// the newest row version after waiting for a concurrent redeemer, so no
/// interleaving gets past `max_redemptions` (the table's check constraint is
/// the last line of defence). The redemption row, the event and the
/// `webhook.deliver` job are inserted by the same statement, so they commit
/// or vanish together (transactional outbox). Expiry is judged by the
/// database's `now()`, never the app server's clock.
///
/// Retries are safe: the same redeemer gets the original receipt back. Two
/// requests of one redeemer racing each other both pass the "no prior
/// redemption" test, and the loser's insert hits `UNIQUE (invite_id,
/// redeemer_id)`; its whole statement rolls back and ``redeem`` asks again,
/// which then replays. A server-minted handoff is spent once: its id is
/// unique among redemptions, so another redeemer presenting it gets
/// `handoff_already_used`.
public struct RedemptionStore: Sendable {
    private let codeHasher: KeyedHasher
    private let tokenHasher: KeyedHasher
    private let inviteeHasher: KeyedHasher
    private let redeemerEraser: RedeemerEraser
    /// Attempts of the `invite.redeemed` webhook job before it is discarded.
    public let webhookMaxAttempts: Int

    /// A store hashing credentials under `secret` (the `BATON_SECRET_KEY` bytes).
    public init(secret: [UInt8], webhookMaxAttempts: Int = OutboxEvents.defaultWebhookMaxAttempts) {
        self.codeHasher = KeyedHasher(secret: secret, purpose: .inviteCode)
        self.tokenHasher = KeyedHasher(secret: secret, purpose: .linkToken)
        self.inviteeHasher = KeyedHasher(secret: secret, purpose: .invitee)
        self.redeemerEraser = RedeemerEraser(secret: secret)
        self.webhookMaxAttempts = webhookMaxAttempts
    }

    /// Redeems the invite named by `credential` for `redeemerID`.
    ///
    /// - Parameters:
    ///   - handoffID: the id of the server-minted handoff presented, if any.
    ///   - identities: who the redeemer is shown to be (a JWT's verified
    ///     claims, or the invitee an API key names); an invite bound to an
    ///     invitee is redeemed only when one of them is that invitee.
    /// - Throws: ``RedeemError`` (`notFound`, `reissued`, `inviteeMismatch`,
    ///   `selfRedemption`, `expired`, `revoked`, `usedUp`,
    ///   `handoffAlreadyUsed`), or the `PostgresError` of an outage.
    public func redeem(
        _ credential: Credential, redeemerID: String, channel: RedemptionChannel, handoffID: String?, identities: [Invitee] = [],
        on connection: PostgresConnection
    ) throws -> RedemptionOutcome {
        let (statement, hash) = lookup(credential, tokenStatement: Self.redeemByToken, codeStatement: Self.redeemByCode)
        var parameters: [any PostgresBindable] = [
            hash, redeemerID, channel.rawValue, handoffID, OutboxEvents.webhookKind, Int32(min(webhookMaxAttempts, 1000)),
            identities.map { Data($0.hash(with: inviteeHasher)) }, String?.none, TraceScope.traceparent,
        ]
        // A redemption that committed while this one ran is seen only by a
        // new statement: this redeemer's twin (its insert meets the unique
        // index, or it took the last use: `contended`) or another redeemer
        // with the same handoff. Asked once more, the new snapshot sees the
        // receipt to replay, the handoff spent or the invite used up; uses
        // never come back, so once is enough.
        var answer = try Self.answerUnlessRaced(statement, parameters, on: connection) ?? Self.answer(statement, parameters, on: connection)
        // The erased form is a keyed hash that only an erased family's
        // invites need (their receipts name the redeemer by it), so it is
        // computed for those alone, at the price of one more round trip.
        if answer.outcome == .erased {
            parameters[7] = redeemerEraser.erased(redeemerID)
            answer = try Self.answer(statement, parameters, on: connection)
        }
        do {
            let outcome = try Self.outcome(answer)
            // The statement enqueued the event's deliveries with the redemption.
            if case .redeemed = outcome { connection.raise(afterCommit: .jobsEnqueued) }
            return outcome
        } catch RedeemError.notFound {
            throw try Self.missing(hash, on: connection)
        }
    }

    /// The redemption statement's row and its `outcome`, decoded once.
    private typealias Answer = (row: PostgresRow, outcome: Outcome)

    private static func answer(
        _ statement: PostgresStatement, _ parameters: [any PostgresBindable], on connection: PostgresConnection
    ) throws(PostgresError) -> Answer {
        let row = try connection.query(statement, parameters)[0]
        return (row, try row.decode(Outcome.self, "outcome"))
    }

    /// The redemption statement's answer, or nil when a concurrent
    /// redemption committed first in a way this statement's snapshot cannot show.
    private static func answerUnlessRaced(
        _ statement: PostgresStatement, _ parameters: [any PostgresBindable], on connection: PostgresConnection
    ) throws(PostgresError) -> Answer? {
        do {
            let answer = try answer(statement, parameters, on: connection)
            return answer.outcome == .contended ? nil : answer
        } catch  where error.code == .uniqueViolation {
            return nil
        }
    }

    /// The preview of the invite named by `credential`. With a `channel`, its
    /// first preview is recorded (one write per invite at most, with its
    /// event) when it is live; without, nothing is written.
    ///
    /// - Throws: ``RedeemError`` (`notFound`, `reissued`, `expired`,
    ///   `revoked`, `usedUp`), or the `PostgresError` of an outage.
    public func preview(_ credential: Credential, channel: RedemptionChannel?, on connection: PostgresConnection) throws -> InvitePreview {
        let rows: PostgresRows
        let (statement, hash) =
            channel == nil
            ? lookup(credential, tokenStatement: Self.inviteByToken, codeStatement: Self.inviteByCode)
            : lookup(credential, tokenStatement: Self.previewByToken, codeStatement: Self.previewByCode)
        if let channel {
            rows = try connection.query(statement, [hash, channel.rawValue])
        } else {
            rows = try connection.query(statement, [hash])
        }
        guard let row = rows.first else { throw try Self.missing(hash, on: connection) }
        let state = try row.decode(Invite.State.self, "state")
        if let refusal = Self.refusal(state: state, pastExpiry: try row.decode(Bool.self, "past_expiry")) { throw refusal }
        return InvitePreview(
            inviteID: try row.decode(UUID.self, "id"),
            familyName: try row.decode(String.self, "family_name"),
            inviterName: try row.decode(String?.self, "inviter_name"),
            expiresAt: try row.decode(Date.self, "expires_at"),
            usesLeft: Int(try row.decode(Int32.self, "uses_left")),
            state: state.rawValue,
            forSpecificPerson: try row.decode(Bool.self, "for_specific_person"),
            source: try row.decode(String?.self, "source"),
            campaign: try row.decode(String?.self, "campaign"),
            locale: try row.decode(String?.self, "locale").flatMap { PageLanguage(tag: $0) }
        )
    }

    /// Whether an invite in `state` can no longer be used, and why.
    static func refusal(state: Invite.State, pastExpiry: Bool) -> RedeemError? {
        switch state {
        case .revoked: .revoked
        case .usedUp: .usedUp
        case .expired: .expired
        case .active: pastExpiry ? .expired : nil
        }
    }

    /// The statement for `credential`'s kind and its hash, bound as `bytea`.
    private func lookup(
        _ credential: Credential, tokenStatement: PostgresStatement, codeStatement: PostgresStatement
    ) -> (PostgresStatement, PostgresBinding) {
        switch credential {
        case .token(let token): (tokenStatement, .bytea(tokenHasher.hash(token.text)))
        case .code(let code): (codeStatement, .bytea(codeHasher.hash(code.text)))
        }
    }

    private static func outcome(_ answer: Answer) throws -> RedemptionOutcome {
        let (row, outcome) = answer
        switch outcome {
        case .redeemed, .replayed:
            let receipt = RedemptionReceipt(
                id: try row.decode(UUID.self, "redemption_id"), inviteID: try row.decode(UUID.self, "invite_id"),
                familyID: try row.decode(String.self, "family_id"), familyName: try row.decode(String.self, "family_name"),
                redeemerID: try row.decode(String.self, "redeemer_id"), channel: try row.decode(RedemptionChannel.self, "channel"),
                redeemedAt: try row.decode(Date.self, "redeemed_at"), usesLeft: Int(try row.decode(Int32?.self, "uses_left") ?? 0),
                metadata: try row.decode(String.self, "metadata"), inviterID: try row.decode(String?.self, "inviter_id"),
                inviterName: try row.decode(String?.self, "inviter_name"),
                attribution: Attribution(source: try row.decode(String?.self, "source"), campaign: try row.decode(String?.self, "campaign"))
            )
            return outcome == .redeemed ? .redeemed(receipt) : .replayed(receipt)
        case .notFound: throw RedeemError.notFound
        case .inviteeMismatch: throw RedeemError.inviteeMismatch
        case .selfRedemption: throw RedeemError.selfRedemption
        case .handoffAlreadyUsed: throw RedeemError.handoffAlreadyUsed
        case .revoked: throw RedeemError.revoked
        case .expired: throw RedeemError.expired
        // A second `contended` (after the re-ask) means the uses are gone.
        case .usedUp, .contended: throw RedeemError.usedUp
        // Asked with the erased form, the statement never answers `erased`.
        case .erased: throw PostgresError(.decodingUnknownValue, column: "outcome")
        }
    }
}
