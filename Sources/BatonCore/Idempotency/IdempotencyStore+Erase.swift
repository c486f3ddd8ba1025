import Foundation
import Postgres

extension IdempotencyStore {
    /// Rows rewritten per round trip.
    static let erasureBatch = 100

    /// Rewrites every stored response holding family `familyID`'s data into
    /// its erased form (``ErasedJSON``), sealed again under the same row's
    /// binding, and drops the family from the row's `family_ids`, so that a
    /// replay after the erasure carries only what the erasure left and a
    /// second erasure leaves the row alone. A response that no longer opens
    /// or parses is deleted instead: it can't be shown erased.
    /// - Returns: how many responses were rewritten or deleted.
    /// - Throws: the database's error.
    func erase(familyID: String, erasedAt: String, redeemer: (String) -> String, on connection: PostgresConnection) throws -> Int {
        var total = 0
        while true {
            let rows = try connection.query(Self.selectFamily, [familyID, Self.erasureBatch])
            for row in rows {
                let apiKeyID = try row.decode(UUID.self, "api_key_id")
                let key = try row.decode(String.self, "key")
                let context = Self.sealingContext(
                    apiKeyID: apiKeyID, key: key, requestHash: Array(try row.decode(Data.self, "request_hash")))
                let erased = sealing.open(Array(try row.decode(Data.self, "response_body")), associatedData: context).flatMap {
                    ErasedJSON.erasing(Data($0), familyID: familyID, erasedAt: erasedAt, redeemer: redeemer)
                }
                let sealed = erased.map { Data(sealing.seal(Array($0), associatedData: context)) }
                try connection.query(Self.rewrite, [apiKeyID, key, familyID, sealed])
            }
            total += rows.count
            if rows.count < Self.erasureBatch { return total }
        }
    }

    static let selectFamily = PostgresStatement(
        name: "idempotency_family_select",
        sql: """
            SELECT api_key_id, key, request_hash, response_body FROM baton.idempotency_keys
            WHERE $1::text = ANY(family_ids) AND response_status IS NOT NULL
            LIMIT $2
            """)

    /// `$4` the new sealed body, or NULL to delete the row.
    static let rewrite = PostgresStatement(
        name: "idempotency_family_rewrite",
        sql: """
            WITH dropped AS (
                DELETE FROM baton.idempotency_keys WHERE api_key_id = $1 AND key = $2 AND $4::bytea IS NULL
            )
            UPDATE baton.idempotency_keys SET response_body = $4::bytea, family_ids = array_remove(family_ids, $3::text)
            WHERE api_key_id = $1 AND key = $2 AND $4::bytea IS NOT NULL
            """)
}
