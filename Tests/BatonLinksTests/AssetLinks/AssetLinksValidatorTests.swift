import BatonLinks
import Foundation
import Testing

@Suite("Asset links validator", .timeLimit(.minutes(10)))
struct AssetLinksValidatorTests {
    static let release = (0..<32).map { String(format: "%02X", $0 * 7 % 256) }.joined(separator: ":")
    static let upload = (0..<32).map { String(format: "%02X", 255 - $0) }.joined(separator: ":")

    /// A statement list of `statements`, each `(relations, namespace, package, fingerprints)`.
    static func document(_ statements: [([String], String, String, [String])]) -> Data {
        let objects = statements.map { relations, namespace, package, fingerprints in
            [
                "relation": relations,
                "target": ["namespace": namespace, "package_name": package, "sha256_cert_fingerprints": fingerprints],
            ] as [String: Any]
        }
        return try! JSONSerialization.data(withJSONObject: objects)
    }

    static let good = document([([AssetLinksValidator.appLinksRelation], "android_app", "com.example.family", [release, upload])])

    @Test("a statement list granting App Links to the package with both certificates has no finding")
    func goodDocument() {
        #expect(AssetLinksValidator.validate(Self.good, package: "com.example.family", fingerprints: [Self.release, Self.upload]) == [])
        #expect(AssetLinksValidator.validate(Self.good, package: nil, fingerprints: []) == [])
        #expect(
            AssetLinksValidator.validate(Self.good, package: "com.example.family", fingerprints: [Self.release.lowercased()]) == [],
            "a given fingerprint is compared without case")
    }

    @Test(
        "each way App Links fail to verify is its own finding",
        arguments: [
            (Data("{}".utf8), "com.example.family", [String](), ["assetlinks_not_json"]),
            (Data("[".utf8), "com.example.family", [], ["assetlinks_not_json"]),
            (Data(repeating: 0x20, count: 128 * 1024 + 1), "com.example.family", [], ["assetlinks_too_large"]),
            (
                Data(#"[{"relation": "x", "target": {}}]"#.utf8), "com.example.family", [],
                ["assetlinks_statement_malformed", "assetlinks_no_app_links"]
            ),
            (
                document([(["delegate_permission/common.get_login_creds"], "android_app", "com.example.family", [release])]),
                "com.example.family", [],
                ["assetlinks_no_app_links"]
            ),
            (
                document([([AssetLinksValidator.appLinksRelation], "web", "com.example.family", [release])]), "com.example.family", [],
                ["assetlinks_no_app_links"]
            ),
            (good, "com.example.other", [], ["assetlinks_package_missing"]),
            (
                document([([AssetLinksValidator.appLinksRelation], "android_app", "com.example.family", [release.lowercased()])]),
                "com.example.family", [], ["assetlinks_fingerprint_format"]
            ),
            (
                document([([AssetLinksValidator.appLinksRelation], "android_app", "com.example.family", [String(release.dropLast(3))])]),
                "com.example.family", [], ["assetlinks_fingerprint_format"]
            ),
            (
                document([([AssetLinksValidator.appLinksRelation], "android_app", "com.example.family", [])]), "com.example.family", [],
                ["assetlinks_no_fingerprints"]
            ),
            (
                document([([AssetLinksValidator.appLinksRelation], "android_app", "com.example.family", [release])]), "com.example.family",
                [upload], ["assetlinks_fingerprint_missing"]
            ),
        ] as [(Data, String, [String], [String])])
    func findings(document: Data, package: String, fingerprints: [String], expected: [String]) {
        let findings = AssetLinksValidator.validate(document, package: package, fingerprints: fingerprints)
        #expect(findings.map(\.code) == expected)
        #expect(findings.allSatisfy { $0.severity == .error })
    }

    @Test("a fingerprint is 32 upper-case hex bytes joined by colons, nothing else")
    func fingerprintFormat() {
        #expect(AssetLinksValidator.isFingerprint(Self.release))
        #expect(!AssetLinksValidator.isFingerprint(Self.release.lowercased()))
        #expect(!AssetLinksValidator.isFingerprint(Self.release.replacingOccurrences(of: ":", with: "")))
        #expect(!AssetLinksValidator.isFingerprint(Self.release + ":00"))
        #expect(!AssetLinksValidator.isFingerprint(String(Self.release.dropLast()) + "G"))
    }

    @Test("a package name from the document is escaped in the finding")
    func hostileValuesAreEscaped() {
        let document = Self.document([([AssetLinksValidator.appLinksRelation], "android_app", "com.evil\u{1B}[2J", [Self.release])])
        let findings = AssetLinksValidator.validate(document, package: "com.example.family", fingerprints: [])
        #expect(findings.map(\.code) == ["assetlinks_package_missing"])
        #expect(!(findings.first?.message.contains("\u{1B}") ?? true))
    }
}
