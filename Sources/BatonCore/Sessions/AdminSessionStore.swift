import Foundation
import Postgres

/// Browser sessions of `/admin`, opened by signing in with an API key that
/// has the `admin` scope, in `baton.admin_sessions`.
///
/// The browser holds a random token (256 bits, hex) in a cookie; the table
/// holds only its keyed hash, so neither a database copy nor a log line
/// opens a session. Each session also has a form token, the keyed hash of
/// its session token under another purpose: forms carry it and every POST
/// must send it back. A page of another site can neither read the cookie
/// nor compute the form token from anything it sees.
///
/// A session lives ``lifetime`` from sign-in (no sliding renewal), and ends
/// early when it is signed out or its key is revoked or loses `admin`.
public struct AdminSessionStore: Sendable {
    /// How long a session lasts after signing in.
    public static let lifetime: Duration = .seconds(3600)

    private let sessionHasher: KeyedHasher
    private let formTokenHasher: KeyedHasher

    /// A store hashing under `secret` (the `BATON_SECRET_KEY` bytes).
    public init(secret: [UInt8]) {
        sessionHasher = KeyedHasher(secret: secret, purpose: .adminSession)
        formTokenHasher = KeyedHasher(secret: secret, purpose: .adminFormToken)
    }

    /// A session that a request presented and the database accepted.
    public struct Session: Sendable, Equatable {
        /// The API key that signed in.
        public var keyID: UUID
        /// That key's public id, which the audit trail names sessions by.
        public var keyPublicID: String
        /// The token every form of this session sends back.
        public var formToken: String
        /// When it ends.
        public var expiresAt: Date
    }

    /// Opens a session for the key `keyID` (public id `keyPublicID`) and
    /// deletes expired ones, in the caller's transaction.
    /// - Returns: the session token for the cookie (shown once, stored hashed) and the session.
    /// - Throws: `PostgresError`.
    public func open(keyID: UUID, keyPublicID: String, on connection: PostgresConnection) throws -> (token: String, session: Session) {
        let token = Sodium.hex(Sodium.randomBytes(32))
        let seconds = Self.lifetime.components.seconds
        let row = try connection.query(Self.openStatement, [Data(sessionHasher.hash(token)), keyID, seconds])[0]
        return (
            token,
            Session(
                keyID: keyID, keyPublicID: keyPublicID, formToken: formToken(of: token), expiresAt: try row.decode("expires_at"))
        )
    }

    /// The live session of `token`, or nil when it is unknown, expired,
    /// signed out, or its key is revoked or lacks `admin`.
    /// - Throws: `PostgresError`.
    public func session(token: String, on connection: PostgresConnection) throws -> Session? {
        guard Self.isWellFormed(token) else { return nil }
        guard let row = try connection.query(Self.lookupStatement, [Data(sessionHasher.hash(token))]).first else { return nil }
        return Session(
            keyID: try row.decode("key_id"), keyPublicID: try row.decode("public_id"), formToken: formToken(of: token),
            expiresAt: try row.decode("expires_at"))
    }

    /// Ends the session of `token` (signing out); nothing when there is none.
    /// - Throws: `PostgresError`.
    public func close(token: String, on connection: PostgresConnection) throws {
        guard Self.isWellFormed(token) else { return }
        _ = try connection.query(Self.closeStatement, [Data(sessionHasher.hash(token))])
    }

    /// The form token of the session whose token is `token`.
    func formToken(of token: String) -> String {
        Sodium.hex(formTokenHasher.hash(token))
    }

    /// 64 lowercase hex digits: anything else is no token of ours, and is
    /// not worth a hash and a query.
    static func isWellFormed(_ token: String) -> Bool {
        token.utf8.count == 64 && token.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    static let openStatement = PostgresStatement(
        name: "admin_sessions_open",
        sql: """
            WITH expired AS (
                DELETE FROM baton.admin_sessions WHERE expires_at <= now()
            )
            INSERT INTO baton.admin_sessions (token_hash, key_id, expires_at)
            VALUES ($1, $2, now() + $3::int8 * interval '1 second')
            RETURNING expires_at
            """)

    static let lookupStatement = PostgresStatement(
        name: "admin_sessions_lookup",
        sql: """
            SELECT s.key_id, k.public_id, s.expires_at FROM baton.admin_sessions s
            JOIN baton.api_keys k ON k.id = s.key_id
            WHERE s.token_hash = $1 AND s.expires_at > now() AND k.revoked_at IS NULL AND 'admin' = ANY (k.scopes)
            """)

    static let closeStatement = PostgresStatement(
        name: "admin_sessions_close",
        sql: "DELETE FROM baton.admin_sessions WHERE token_hash = $1")
}
