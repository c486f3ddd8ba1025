/// One schema migration: a numbered SQL file from `Migrations/`, with the
/// checksum that proves an applied file was not edited afterwards.
public struct Migration: Sendable, Hashable {
    /// The number the file name starts with; migrations apply in this order.
    public let version: Int
    /// The file name, such as `0001_initial.sql`.
    public let fileName: String
    /// The SQL script, run in one transaction.
    public let sql: String
    /// Hex SHA-256 of the script's bytes.
    public let checksum: String

    /// A migration from a file named `NNNN_name.sql`.
    /// - Throws: `MigrationError.badFileName` for any other name.
    public init(fileName: String, sql: String) throws(MigrationError) {
        let digits = fileName.prefix { $0.isASCII && $0.isNumber }
        guard digits.count == 4, let version = Int(digits), version > 0,
            fileName.dropFirst(4).hasPrefix("_"), fileName.hasSuffix(".sql")
        else { throw .badFileName(fileName) }
        self.version = version
        self.fileName = fileName
        self.sql = sql
        self.checksum = Sodium.hex(Sodium.sha256(sql.utf8))
    }

    /// The migrations compiled into this binary, in version order.
    /// - Throws: `MigrationError.badFileName` or `.duplicateVersion` when the
    ///   `Migrations/` folder breaks the naming rule (a build mistake).
    public static func embedded() throws(MigrationError) -> [Migration] {
        var migrations: [Migration] = []
        for file in EmbeddedMigration.all {
            migrations.append(try Migration(fileName: file.fileName, sql: file.sql))
        }
        return try ordered(migrations)
    }

    /// `migrations` sorted by version.
    /// - Throws: `MigrationError.duplicateVersion` when two share a number.
    public static func ordered(_ migrations: [Migration]) throws(MigrationError) -> [Migration] {
        let sorted = migrations.sorted { $0.version < $1.version }
        for (a, b) in zip(sorted, sorted.dropFirst()) where a.version == b.version {
            throw .duplicateVersion(a.version)
        }
        return sorted
    }
}
