/// A named SQL statement, prepared once per connection on first use and
/// executed by name afterwards (`PQprepare` + `PQexecPrepared`).
///
/// Declare it as a constant next to the method that runs it:
/// ```swift
/// static let findInvite = PostgresStatement(name: "find_invite",
///     sql: "SELECT id, state FROM baton.invites WHERE token_hash = $1")
/// ```
/// Names must be unique per program: a name reused with other SQL is
/// re-prepared on each switch, which is correct but slow.
public struct PostgresStatement: Sendable, Hashable {
    /// The server-side statement name.
    public let name: String
    /// The SQL with `$1`, `$2`, … placeholders.
    public let sql: String

    /// A statement called `name` running `sql`.
    public init(name: String, sql: String) {
        self.name = name
        self.sql = sql
    }
}
