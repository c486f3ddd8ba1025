import Foundation
import Postgres
import SafeText

/// Creates, lists, revokes and authenticates API keys in `baton.api_keys`.
///
/// Only the keyed hash of a key is stored. Methods run on the connection they
/// are given, so callers choose the transaction.
public struct APIKeyStore: Sendable {
    /// A stored key as operators see it: never the key text.
    public struct Record: Sendable, Equatable {
        public let id: UUID
        public let publicID: String
        public let name: String
        public let scopes: [Scope]
        public let createdAt: Date
        public let revokedAt: Date?
        public let lastUsedAt: Date?
    }

    private let hasher: KeyedHasher

    /// A store hashing keys under `secret` (the `BATON_SECRET_KEY` bytes).
    public init(secret: [UInt8]) {
        self.hasher = KeyedHasher(secret: secret, purpose: .apiKey)
    }

    /// Creates a key with `name` and `scopes`.
    /// - Returns: the key (its text, to show once) and its record.
    /// - Throws: `APIKeyError.invalidName`, or the database error.
    public func create(name: String, scopes: Set<Scope>, on connection: PostgresConnection) throws -> (APIKey, Record) {
        guard (1...100).contains(name.count), !HiddenCharacters.contains(in: name) else { throw APIKeyError.invalidName }
        let key = APIKey.generate()
        let rows = try connection.query(
            Self.insert,
            [
                key.publicID, Data(hasher.hash(key.text)), name, scopes.map(\.rawValue).sorted(),
            ])
        return (key, try Self.record(rows[0]))
    }

    /// Every key, newest first, revoked ones included.
    public func list(on connection: PostgresConnection) throws -> [Record] {
        try connection.query(Self.selectAll).map(Self.record)
    }

    /// Revokes the key with `publicID`; revoking twice is not an error.
    /// - Throws: `APIKeyError.notFound`.
    public func revoke(publicID: String, on connection: PostgresConnection) throws -> Record {
        let rows = try connection.query(Self.revokeStatement, [publicID])
        guard let row = rows.first else { throw APIKeyError.notFound }
        return try Self.record(row)
    }

    /// A key's row as authentication reads it: its record and its stored
    /// keyed hash. Opaque outside BatonCore, so only ``APIKeyStore`` compares
    /// hashes; ``APIKeyCache`` keeps these for live keys.
    public struct StoredKey: Sendable {
        let record: Record
        let keyHash: [UInt8]
    }

    /// The row of the key with `publicID` (revoked or not), or nil when there
    /// is none; one indexed read.
    /// - Throws: the database error.
    public func storedKey(publicID: String, on connection: PostgresConnection) throws -> StoredKey? {
        guard let row = try connection.query(Self.selectForAuthentication, [publicID]).first else { return nil }
        return StoredKey(record: try Self.record(row), keyHash: Array(try row.decode(Data.self, "key_hash")))
    }

    /// `key`'s record when `stored` is its live row (authentication is
    /// ``APIKeyCache/authenticate(_:withConnection:)``, which reads the row
    /// with ``storedKey(publicID:on:)`` or keeps it): the keyed hash of the
    /// key's whole text is computed and compared in constant time on every
    /// call, cached row or not, and also without a row, so an unknown public
    /// id takes as long as a wrong secret.
    /// - Throws: `APIKeyError.invalid` for no row, a wrong secret or a revoked key.
    func verify(_ key: APIKey, against stored: StoredKey?) throws(APIKeyError) -> Record {
        let expected = hasher.hash(key.text)
        guard let stored, Sodium.constantTimeEqual(stored.keyHash, expected), stored.record.revokedAt == nil else {
            throw .invalid
        }
        return stored.record
    }

    /// Sends `payload` on `APIKeyCache.channel` (at once outside a
    /// transaction): how a cache proves that notifications reach it.
    /// - Throws: the database error.
    func announce(_ payload: String, on connection: PostgresConnection) throws {
        try connection.query(Self.announceStatement, [APIKeyCache.channel, payload])
    }

    private static func record(_ row: PostgresRow) throws -> Record {
        Record(
            id: try row.decode(UUID.self, "id"),
            publicID: try row.decode(String.self, "public_id"),
            name: try row.decode(String.self, "name"),
            scopes: try row.decode([String].self, "scopes").compactMap(Scope.init(rawValue:)),
            createdAt: try row.decode(Date.self, "created_at"),
            revokedAt: try row.decode(Date?.self, "revoked_at"),
            lastUsedAt: try row.decode(Date?.self, "last_used_at")
        )
    }

    private static let columns = "id, public_id, name, scopes, created_at, revoked_at, last_used_at"
    static let insert = PostgresStatement(
        name: "api_keys_insert",
        sql: "INSERT INTO baton.api_keys (public_id, key_hash, name, scopes) VALUES ($1, $2, $3, $4) RETURNING \(columns)"
    )
    static let selectAll = PostgresStatement(
        name: "api_keys_list", sql: "SELECT \(columns) FROM baton.api_keys ORDER BY created_at DESC, id DESC"
    )
    static let revokeStatement = PostgresStatement(
        name: "api_keys_revoke",
        sql: "UPDATE baton.api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE public_id = $1 RETURNING \(columns)"
    )
    static let announceStatement = PostgresStatement(name: "api_keys_announce", sql: "SELECT pg_notify($1, $2)")
    static let selectForAuthentication = PostgresStatement(
        name: "api_keys_authenticate", sql: "SELECT \(columns), key_hash FROM baton.api_keys WHERE public_id = $1"
    )
}
