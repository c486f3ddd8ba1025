import BatonLinks
import Foundation
import Postgres

extension InviteStore {
    /// Which invite `credential` names, in any state, for support: hashed
    /// as the invite was stored, so the credential itself is never sent to
    /// the database. A code or token an invite had before it was reissued
    /// names that invite too.
    /// - Returns: the invite's id and whether `credential` is a retired one; nil when nothing matches.
    /// - Throws: `PostgresError`.
    public func find(_ credential: Credential, on connection: PostgresConnection) throws -> (id: UUID, retired: Bool)? {
        let (statement, hash) =
            switch credential {
            case .token(let token): (Self.findByToken, Data(tokenHasher.hash(token.text)))
            case .code(let code): (Self.findByCode, Data(codeHasher.hash(code.text)))
            }
        guard let row = try connection.query(statement, [hash]).first else { return nil }
        return (try row.decode("id"), try row.decode("retired"))
    }

    /// The live credential first; the retired ones hold codes and tokens
    /// alike, each hashed under its own purpose.
    private static func findSQL(hashColumn: String) -> String {
        """
        SELECT id, false AS retired FROM baton.invites WHERE \(hashColumn) = $1
        UNION ALL
        SELECT invite_id, true FROM baton.retired_credentials WHERE credential_hash = $1
        LIMIT 1
        """
    }

    static let findByToken = PostgresStatement(name: "invites_find_by_token", sql: findSQL(hashColumn: "token_hash"))
    static let findByCode = PostgresStatement(name: "invites_find_by_code", sql: findSQL(hashColumn: "code_hash"))
}
