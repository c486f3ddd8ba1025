import Postgres
import SafeText

/// Why `baton migrate` refused or stopped. Nothing is applied after the
/// first error; a failed migration's transaction is rolled back whole.
public enum MigrationError: Error, Equatable, CustomStringConvertible {
    /// A file in `Migrations/` is not named `NNNN_name.sql`.
    case badFileName(String)
    /// Two files carry the same number.
    case duplicateVersion(Int)
    /// An applied migration's file was edited after it ran.
    case changed(version: Int, fileName: String)
    /// The database has a migration this binary does not carry (an older binary?).
    case missing(version: Int, fileName: String)
    /// Running a migration failed; it was rolled back.
    case failed(version: Int, fileName: String, PostgresError)
    /// The database could not be reached or the bookkeeping failed.
    case database(PostgresError)

    /// A stable machine-readable code.
    public var code: String {
        switch self {
        case .badFileName: "migration_bad_file_name"
        case .duplicateVersion: "migration_duplicate_version"
        case .changed: "migration_changed"
        case .missing: "migration_missing"
        case .failed: "migration_failed"
        case .database: "migration_database_error"
        }
    }

    /// What happened and what to do.
    public var message: String {
        switch self {
        case .badFileName(let name):
            "\(SafeText.escaped(name)) is not named NNNN_name.sql"
        case .duplicateVersion(let version):
            "two migration files are numbered \(version)"
        case .changed(let version, let name):
            "migration \(version) (\(name)) was applied and its file has changed since; restore the file and add a new migration instead"
        case .missing(let version, let name):
            "the database has migration \(version) (\(name)) that this binary does not carry; run a newer baton"
        case .failed(let version, let name, let error):
            "migration \(version) (\(name)) failed and was rolled back: \(error)"
        case .database(let error):
            "\(error)"
        }
    }

    public var description: String { "\(code): \(message)" }
}
