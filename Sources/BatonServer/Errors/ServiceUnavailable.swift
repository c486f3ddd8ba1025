import BatonCore
import BatonJSON
import HTTP
import Postgres

/// 503 `unavailable`: the database is unreachable or shutting down, the pool
/// is exhausted, a statement timed out, the disk is full or the database is
/// read-only (a standby after a failover). Clients should retry after
/// `Retry-After` seconds.
public struct ServiceUnavailable: HTTPErrorConvertible, Equatable {
    /// The database error's stable code, such as `connection_failure`.
    public let reason: String

    public var status: Int { 503 }
    public var code: String { "unavailable" }
    public var message: String { "the service is temporarily unavailable; retry shortly" }
    public var details: [String: JSONValue] { ["reason": .string(reason)] }
    public var responseHeaders: [(name: String, value: String)] { [("Retry-After", "1")] }
}

extension ServiceUnavailable {
    /// Codes that mean the database cannot serve for now, besides lost
    /// connections (`PostgresError.isConnectionFailure`, `admin_shutdown` among them).
    static let outageCodes: Set<PostgresError.Code> = [.poolExhausted, .queryCanceled, .diskFull, .readOnlySQLTransaction]

    /// The 503 for `error` when it is a database outage, whether it comes
    /// bare or inside a `MigrationError` (readiness reads migrations); nil
    /// for any other error.
    init?(outage error: any Error) {
        let postgres: PostgresError
        switch error {
        case let error as PostgresError: postgres = error
        case MigrationError.database(let error): postgres = error
        default: return nil
        }
        guard postgres.isConnectionFailure || Self.outageCodes.contains(postgres.code) else { return nil }
        self.init(reason: postgres.code.rawValue)
    }
}
