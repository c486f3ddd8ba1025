import BatonCore
import BatonTestSupport
import Foundation
import Postgres
import Testing

@testable import BatonBench

@Suite("BulkLoad", .timeLimit(.minutes(10)))
struct BulkLoadTests {
    let connection: PostgresConnection

    init() throws {
        connection = try PostgresConnection(try TestPostgres.shared.makeMigratedDatabase())
    }

    /// Every index and constraint of the schema, as PostgreSQL prints it.
    private func schema() throws -> [String] {
        try connection.query(
            """
            SELECT indexrelid::regclass::text || ' ' || pg_get_indexdef(indexrelid) FROM pg_index
            WHERE indrelid IN (SELECT oid FROM pg_class WHERE relnamespace = 'baton'::regnamespace)
            UNION ALL
            SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint
            WHERE connamespace = 'baton'::regnamespace
            ORDER BY 1
            """
        ).map { try $0.decode(String.self, at: 0) }
    }

    private func invites() throws -> Int {
        try connection.query("SELECT count(*) FROM baton.invites")[0].decode(at: 0)
    }

    @Test("a load ends with the same indexes, keys and foreign keys it started with, and they hold")
    func indexesComeBack() throws {
        let before = try schema()
        #expect(before.contains { $0.contains("invites_token_hash_key") })
        try InviteHistory(anchor: Date(), invites: 500, families: 3).load(1...500, on: connection, quietSeconds: 0) { _ in }
        #expect(try schema() == before)
        #expect(try invites() == 500)
        // The rebuilt unique index refuses a duplicate, as before the load.
        #expect(throws: PostgresError.self) {
            try connection.query(
                "INSERT INTO baton.invites (family_id, family_name, code_hash, token_hash, expires_at) SELECT 'f', 'F', sha256('x'), token_hash, now() + interval '1 day' FROM baton.invites LIMIT 1"
            )
        }
    }

    @Test("a load that fails half-way leaves the schema and the rows as they were")
    func failedLoadChangesNothing() throws {
        let history = InviteHistory(anchor: Date(), invites: 200, families: 3)
        try history.load(1...100, on: connection, quietSeconds: 0) { _ in }
        let before = try schema()
        // Invites 51–150 overlap the first load: the unique keys, built again
        // at the end, refuse the duplicates and the whole load is undone.
        #expect(throws: PostgresError.self) {
            try history.load(51...150, on: connection, quietSeconds: 0) { _ in }
        }
        #expect(try schema() == before)
        #expect(try invites() == 100)
    }
}
