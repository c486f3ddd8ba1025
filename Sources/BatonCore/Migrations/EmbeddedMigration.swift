import Foundation

/// One SQL migration file compiled into the binary by the EmbedMigrations
/// plugin from `Migrations/NNNN_name.sql`.
public struct EmbeddedMigration: Sendable, Hashable {
    /// The file name, such as `0001_initial.sql`; its number orders migrations.
    public let fileName: String
    /// The file's exact bytes.
    public let sql: String

    init(fileName: String, base64: String) {
        self.fileName = fileName
        self.sql = String(decoding: Data(base64Encoded: base64) ?? Data(), as: UTF8.self)
    }

    /// Every migration the binary carries, in file-name order.
    public static var all: [EmbeddedMigration] { embeddedMigrations }
}
