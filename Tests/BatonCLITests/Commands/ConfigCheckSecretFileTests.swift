import BatonTestSupport
import Foundation
import Testing

@Suite("baton config check with secrets from files", .timeLimit(.minutes(10)))
struct ConfigCheckSecretFileTests {
    /// `baton config check --json` run with exactly `environment`: its exit code and settings by name.
    static func check(_ environment: [String: String]) throws -> (Int32?, [String: [String: Any]]) {
        let process = try BatonProcess(["config", "check", "--json"], environment: environment)
        let code = process.exitCode(within: 20)
        let json = try JSONSerialization.jsonObject(with: Data(process.output.utf8)) as? [String: Any]
        let settings = (json?["settings"] as? [[String: Any]]) ?? []
        return (code, Dictionary(settings.map { ($0["name"] as? String ?? "", $0) }) { first, _ in first })
    }

    @Test("a secret given as NAME_FILE shows as set and validates; an unreadable one is reported as the file's problem")
    func secretFile() throws {
        let file = FileManager.default.temporaryDirectory.appending(path: "baton-config-check-\(UUID().uuidString)")
        try Data((TestSecrets.secretKeyHex + "\n").utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let base = ["BATON_DATABASE_URL": "host=/tmp dbname=baton"]
        let (valid, settings) = try Self.check(base.merging(["BATON_SECRET_KEY_FILE": file.path]) { $1 })
        #expect(valid == 0)
        #expect(settings["BATON_SECRET_KEY"]?["value"] as? String == "set")
        #expect(settings["BATON_SECRET_KEY"]?["status"] as? String == "ok")
        let (invalid, missing) = try Self.check(base.merging(["BATON_SECRET_KEY_FILE": file.path + ".absent"]) { $1 })
        #expect(invalid == 1)
        #expect((missing["BATON_SECRET_KEY"]?["status"] as? String)?.contains("can't be read") == true)
    }
}
