import Postgres

extension RedemptionStore {
    /// What the redemption statement says happened: its `outcome` column.
    ///
    /// Decoded strictly: text that is none of these (a typo in the SQL's
    /// `CASE`) is `decoding_unknown_value`, never taken for some refusal.
    enum Outcome: String, CaseIterable, PostgresDecodable {
        /// This statement redeemed the invite.
        case redeemed
        /// This redeemer had redeemed it before: the original receipt.
        case replayed
        /// No invite has the credential's hash.
        case notFound = "not_found"
        /// The invite's family was erased and the statement had no erased
        /// form of the redeemer id to find its receipt by: ask again with it.
        case erased
        /// The invite is bound to an invitee the redeemer did not match.
        case inviteeMismatch = "invitee_mismatch"
        /// The redeemer is the inviter, and self-redemption is not allowed.
        case selfRedemption = "self_redemption"
        /// Another redeemer already spent the server-minted handoff.
        case handoffAlreadyUsed = "handoff_already_used"
        /// The invite was revoked.
        case revoked
        /// Every use is taken.
        case usedUp = "used_up"
        /// The invite is past its expiry.
        case expired
        /// A redemption committed while this one waited took the last use, or
        /// a reissue retired the credential; only a new statement can tell a
        /// replay from `used_up` or `invite_reissued`.
        case contended
    }
}
