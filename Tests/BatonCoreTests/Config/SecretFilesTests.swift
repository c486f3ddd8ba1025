import BatonCore
import BatonTestSupport
import Foundation
import Testing

@Suite("secret settings read from NAME_FILE", .timeLimit(.minutes(10)))
struct SecretFilesTests {
    static let secretHex = TestSecrets.secretKeyHex

    /// A file holding `contents` in a fresh directory, removed after `body`.
    static func withFile<T>(_ contents: Data, _ body: (String) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory.appending(path: "baton-secret-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appending(path: "secret")
        try contents.write(to: file)
        return try body(file.path)
    }

    @Test("a secret from a file, trailing newline dropped, configures Baton as the variable would")
    func fileIsRead() throws {
        let configuration = try Self.withFile(Data((Self.secretHex + "\n").utf8)) { path in
            try BatonConfiguration(environment: ["BATON_DATABASE_URL": "host=/tmp dbname=baton", "BATON_SECRET_KEY_FILE": path])
        }
        #expect(configuration.secretKey == TestSecrets.secretKey)
    }

    @Test("a weak secret from a file fails validation like the same value in the variable, without echoing it")
    func fileIsValidated() throws {
        #expect {
            try Self.withFile(Data("tooshort-secret-value".utf8)) { path in
                try BatonConfiguration(environment: ["BATON_DATABASE_URL": "host=/tmp dbname=baton", "BATON_SECRET_KEY_FILE": path])
            }
        } throws: { error in
            guard let error = error as? ConfigurationError else { return false }
            return error.problems.map(\.setting) == ["BATON_SECRET_KEY"] && !error.description.contains("tooshort-secret-value")
        }
    }

    @Test(
        "a missing, oversized or binary file, or both NAME and NAME_FILE, is a problem reported under NAME",
        arguments: [
            ("missing", "can't be read"), ("large", "larger than"), ("binary", "not UTF-8"), ("both", "not both"),
        ])
    func badFile(kind: String, expected: String) throws {
        let contents: Data =
            switch kind {
            case "large": Data(repeating: 0x61, count: SecretFiles.maximumBytes + 1)
            case "binary": Data([0xFF, 0xFE, 0x00])
            default: Data(Self.secretHex.utf8)
            }
        let problems = try Self.withFile(contents) { path in
            var environment = ["BATON_SECRET_KEY_FILE": kind == "missing" ? path + ".absent" : path]
            if kind == "both" { environment["BATON_SECRET_KEY"] = Self.secretHex }
            return SecretFiles.resolve(environment).problems
        }
        #expect(problems.map(\.setting) == ["BATON_SECRET_KEY"])
        #expect(problems.first?.message.contains(expected) == true, "\(problems)")
    }

    @Test("resolving twice changes nothing, and settings that are not secret have no NAME_FILE")
    func idempotentAndSecretOnly() throws {
        try Self.withFile(Data("hook-secret".utf8)) { path in
            let once = SecretFiles.resolve(["BATON_WEBHOOK_SECRET_FILE": path, "BATON_LOG_LEVEL_FILE": path])
            #expect(once.environment == ["BATON_WEBHOOK_SECRET": "hook-secret", "BATON_LOG_LEVEL_FILE": path])
            let twice = SecretFiles.resolve(once.environment)
            #expect(twice.environment == once.environment)
            #expect(once.problems.isEmpty && twice.problems.isEmpty)
        }
        #expect(Setting.logLevel.fileVariable == nil)
        #expect(Setting.secretKey.fileVariable == "BATON_SECRET_KEY_FILE")
    }
}
