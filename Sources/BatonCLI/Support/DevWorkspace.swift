import BatonCore
import Foundation
import Postgres

/// The files `baton dev` keeps in its data directory: the cluster, the server
/// secret, the admin key and the `baton.env` settings file.
///
/// Secrets are written with mode 0600 and created once; later runs reuse them
/// so links and keys keep working across restarts.
struct DevWorkspace {
    let directory: URL

    var clusterDirectory: URL { directory.appending(path: "postgres") }
    var environmentFile: URL { directory.appending(path: "baton.env") }
    var adminKeyFile: URL { directory.appending(path: "admin.key") }
    private var secretFile: URL { directory.appending(path: "secret.key") }
    private var handoffKeyFile: URL { directory.appending(path: "handoff.key") }
    private var redeemerJWTKeyFile: URL { directory.appending(path: "redeemer-jwt.key") }

    /// Creates the directory when missing. It stays searchable (0755) because,
    /// as root, the PostgreSQL server runs as another user and must reach the
    /// cluster inside it; every secret file in it is 0600.
    init(directory: URL) throws {
        self.directory = directory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    }

    /// The settings every other `baton` command needs to reach this instance.
    func environment(databaseURL: String, listen: ListenAddress) throws -> [String: String] {
        [
            Setting.databaseURL.name: databaseURL,
            Setting.secretKey.name: try secret(in: secretFile),
            Setting.listen.name: listen.description,
            Setting.handoffKeys.name: "dev:" + (try secret(in: handoffKeyFile)),
            // So that an app under development can redeem with a JWT its (local) backend mints.
            Setting.redeemerJWTSecret.name: try secret(in: redeemerJWTKeyFile),
        ]
    }

    /// Example link settings (`BATON_PUBLIC_BASE_URL` and the Apple
    /// identities) for each one `processEnvironment` leaves unset, with the
    /// names filled, so `baton dev` can say which values are made up.
    static func linkSettings(from processEnvironment: [String: String]) -> (values: [String: String], filled: [String]) {
        let examples: [(Setting, String)] = [
            (.publicBaseURL, "https://baton.example"), (.appleTeamID, "ABCDE12345"),
            (.appBundleID, "com.example.family"), (.clipBundleID, "com.example.family.Clip"), (.appStoreID, "1234567890"),
        ]
        var values: [String: String] = [:]
        var filled: [String] = []
        for (setting, example) in examples {
            if let given = processEnvironment[setting.name], !given.isEmpty {
                values[setting.name] = given
            } else {
                values[setting.name] = example
                filled.append(setting.name)
            }
        }
        return (values, filled)
    }

    /// Loopback webhook receivers, which `baton dev` allows unless
    /// `BATON_WEBHOOK_ALLOWED_NETWORKS` is given: a receiver under
    /// development listens on the same machine.
    static let loopbackWebhooks = [
        Setting.webhookAllowedNetworks.name: DestinationPolicy.loopback.map(\.description).joined(separator: ",")
    ]

    /// The settings `baton dev` owns: the cluster's database, the saved
    /// secrets and its listen address. The environment cannot override them.
    static let ownSettings: Set<String> = [Setting.databaseURL.name, Setting.secretKey.name, Setting.listen.name, Setting.handoffKeys.name]

    /// Every other `BATON_*` setting `processEnvironment` sets, as it is: a
    /// webhook endpoint, timeouts, rate limits or the redeemer JWT secret
    /// apply to `baton dev` as to `baton serve`.
    static func passedThroughSettings(from processEnvironment: [String: String]) -> [String: String] {
        var values: [String: String] = [:]
        for setting in Setting.all where !ownSettings.contains(setting.name) {
            if let given = processEnvironment[setting.name], !given.isEmpty { values[setting.name] = given }
        }
        return values
    }

    /// Writes `environment` as a file a POSIX shell can source.
    func writeEnvironment(_ environment: [String: String]) throws {
        var text = "# Written by `baton dev`. Load with: set -a; . \(environmentFile.path); set +a\n"
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) {
            text += "\(name)='\(value.replacingOccurrences(of: "'", with: "'\\''"))'\n"
        }
        try writeSecretFile(environmentFile, text)
    }

    /// The admin key: created with every scope on first run and saved, or
    /// read back from the file on later runs (`created` is false then).
    func adminKey(store: APIKeyStore, connection: PostgresConnection) throws -> (text: String, created: Bool) {
        if let saved = try? String(contentsOf: adminKeyFile, encoding: .utf8) {
            return (saved.trimmingCharacters(in: .whitespacesAndNewlines), false)
        }
        let (key, _) = try store.create(name: "baton dev admin", scopes: Set(Scope.allCases), on: connection)
        try writeSecretFile(adminKeyFile, key.text + "\n")
        return (key.text, true)
    }

    /// 32 random bytes in hex, generated on first use and kept in `file`.
    private func secret(in file: URL) throws -> String {
        if let saved = try? String(contentsOf: file, encoding: .utf8) {
            return saved.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let secret = Sodium.hex(Sodium.randomBytes(32))
        try writeSecretFile(file, secret + "\n")
        return secret
    }

    private func writeSecretFile(_ url: URL, _ text: String) throws {
        try Data(text.utf8).write(to: url, options: .atomic)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
    }
}
