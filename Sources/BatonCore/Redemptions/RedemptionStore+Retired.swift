import Postgres

extension RedemptionStore {
    /// Whether a credential hash belonged to an invite before a reissue
    /// (migration 0017). Parameter: $1 credential hash.
    static let retiredCredential = PostgresStatement(
        name: "credential_retired",
        sql: "SELECT 1 FROM baton.retired_credentials WHERE credential_hash = $1::bytea")

    /// Why a credential hash found no invite: ``RedeemError/reissued`` when
    /// a reissue retired it, else ``RedeemError/notFound``. Asked only after
    /// a lookup found nothing, so live credentials pay nothing for it; a
    /// retired one is a refusal like `invite_revoked`, not a failed guess.
    static func missing(_ hash: PostgresBinding, on connection: PostgresConnection) throws -> RedeemError {
        try connection.query(retiredCredential, [hash]).isEmpty ? .notFound : .reissued
    }
}
