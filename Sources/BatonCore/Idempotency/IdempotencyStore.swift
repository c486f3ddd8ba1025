import Foundation
import Postgres

/// `Idempotency-Key` records in `baton.idempotency_keys`, scoped to the API key.
///
/// How a keyed request runs, all inside **one** transaction with its work:
/// 1. ``claim(_:on:)`` takes a transaction-scoped advisory lock derived from
///    (API key, idempotency key) with `pg_try_advisory_xact_lock`. If another
///    transaction holds it, that request is still running: `inUse` (409).
/// 2. Still inside the lock it reads the stored record: same request hash →
///    the stored response to replay; other hash → `reused` (422).
/// 3. Otherwise the caller does the work and ``store(_:response:on:)``
///    inserts the completed record, and the commit releases the lock.
///
/// So no "in flight" row is ever committed: if the process dies or the work
/// fails, the rollback removes everything and releases the lock, and a retry
/// with the same key simply runs again. Only successful responses are kept
/// (a failed request changed nothing, so running it again is safe). Two
/// different keys share an advisory lock only if 64 bits of their SHA-256
/// collide, which would show as a spurious 409, never as a wrong replay.
/// Records are kept until the worker's cleanup deletes those older than
/// `BATON_IDEMPOTENCY_RETENTION_HOURS` (at least 24).
///
/// A create's response holds the new invites' credentials, so the stored
/// body is sealed (``SealingKey``, bound to the API key, the idempotency key
/// and the request hash): the table holds no credential a reader of the
/// database could use.
public struct IdempotencyStore: Sendable {
    /// The key of one request: which API key sent it, its `Idempotency-Key`
    /// and the hash of what it asked for.
    public struct Claim: Sendable, Equatable {
        /// The API key that sent the request.
        public let apiKeyID: UUID
        /// The `Idempotency-Key` header.
        public let key: String
        /// SHA-256 of the method, path and body.
        public let requestHash: [UInt8]

        /// A claim for a request `method path` with `body`, sent with `key`.
        /// - Throws: `IdempotencyError.invalidKey` for a key that is empty,
        ///   longer than 255 characters or not printable ASCII.
        public init(apiKeyID: UUID, key: String, method: String, path: String, body: Data) throws(IdempotencyError) {
            guard (1...255).contains(key.utf8.count), key.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
                throw .invalidKey
            }
            self.apiKeyID = apiKeyID
            self.key = key
            self.requestHash = Sodium.sha256(Array("\(method) \(path)\n".utf8) + Array(body))
        }

        /// The advisory lock number: 64 bits of SHA-256(API key id, key).
        var lockID: Int64 {
            let digest = Sodium.sha256(Array(apiKeyID.uuidString.utf8) + [0] + Array(key.utf8))
            return digest.prefix(8).reduce(Int64(0)) { $0 << 8 | Int64($1) }
        }

        /// What a sealed response is bound to: its row's key and the request it answered.
        var sealingContext: [UInt8] { IdempotencyStore.sealingContext(apiKeyID: apiKeyID, key: key, requestHash: requestHash) }
    }

    /// A response kept for replay.
    public struct StoredResponse: Sendable, Equatable {
        /// The HTTP status first answered.
        public let status: Int
        /// The body bytes first answered.
        public let body: Data

        /// A response to keep.
        public init(status: Int, body: Data) {
            self.status = status
            self.body = body
        }
    }

    let sealing: SealingKey

    /// What a sealed response of one row is bound to: its key and the request it answered.
    static func sealingContext(apiKeyID: UUID, key: String, requestHash: [UInt8]) -> [UInt8] {
        Array(apiKeyID.uuidString.utf8) + [0] + Array(key.utf8) + [0] + requestHash
    }

    /// A store sealing responses under `secret` (the `BATON_SECRET_KEY` bytes).
    public init(secret: [UInt8]) {
        sealing = SealingKey(secret: secret, purpose: .idempotentResponse)
    }

    /// Claims `claim` for the caller's transaction.
    /// - Returns: the stored response to replay, or nil when the caller
    ///   should do the work and then ``store(_:response:on:)``.
    /// - Throws: `IdempotencyError.inUse`, `.reused` or `.unreadable`, or the database's error.
    public func claim(_ claim: Claim, on connection: PostgresConnection) throws -> StoredResponse? {
        let locked = try connection.query(Self.lock, [claim.lockID])[0].decode(Bool.self, at: 0)
        guard locked else { throw IdempotencyError.inUse }
        guard let row = try connection.query(Self.select, [claim.apiKeyID, claim.key]).first else { return nil }
        guard Sodium.constantTimeEqual(Array(try row.decode(Data.self, "request_hash")), claim.requestHash) else {
            throw IdempotencyError.reused
        }
        guard let body = sealing.open(Array(try row.decode(Data.self, "response_body")), associatedData: claim.sealingContext) else {
            throw IdempotencyError.unreadable
        }
        return StoredResponse(status: try row.decode(Int.self, "response_status"), body: Data(body))
    }

    /// Records `response` for `claim`, in the transaction that did the work,
    /// with the families whose data its body holds (the `family_id`s in it),
    /// which an erasure of one of them rewrites (docs/privacy.md).
    public func store(_ claim: Claim, response: StoredResponse, on connection: PostgresConnection) throws {
        let sealed = sealing.seal(Array(response.body), associatedData: claim.sealingContext)
        try connection.query(
            Self.insert,
            [
                claim.apiKeyID, claim.key, Data(claim.requestHash), Int32(response.status), Data(sealed),
                ErasedJSON.familyIDs(in: response.body),
            ])
    }

    static let lock = PostgresStatement(name: "idempotency_lock", sql: "SELECT pg_try_advisory_xact_lock($1)")
    static let select = PostgresStatement(
        name: "idempotency_select",
        sql: """
            SELECT request_hash, response_status, response_body FROM baton.idempotency_keys
            WHERE api_key_id = $1 AND key = $2 AND response_status IS NOT NULL
            """)
    static let insert = PostgresStatement(
        name: "idempotency_insert",
        sql: """
            INSERT INTO baton.idempotency_keys (api_key_id, key, request_hash, response_status, response_body, completed_at, family_ids)
            VALUES ($1, $2, $3, $4, $5, now(), $6)
            """)
}
