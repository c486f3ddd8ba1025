import Foundation
import SafeText
import Testing

@testable import BatonLinks

@Suite("Doctor", .timeLimit(.minutes(10)))
struct DoctorTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static let configuration = DoctorConfiguration(
        teamID: "ABCDE12345", publicHost: "baton.example", appBundleID: "com.example.family", clipBundleID: "com.example.family.Clip"
    )

    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: fixtures.appendingPathComponent(name))
    }

    static func entitlements(_ name: String) throws -> Data {
        try fixture("entitlements/\(name).entitlements")
    }

    static func examine(app: String, clip: String, aasa: Data? = nil, configuration: DoctorConfiguration = configuration) throws
        -> DoctorReport
    {
        try Doctor(configuration: configuration).examine(
            appEntitlements: entitlements(app), clipEntitlements: entitlements(clip), aasa: aasa)
    }

    @Test("matching app, clip and AASA give no findings and exit 0", arguments: ["clip-good", "clip-good-binary"])
    func allGood(clip: String) throws {
        let aasa = AASADocument.generate(for: AASATests.configuration)
        let report = try Self.examine(app: "app-good", clip: clip, aasa: aasa)
        #expect(report.findings == [])
        #expect(report.exitCode == 0)
        #expect(report.humanLines == ["ok: nothing found"])
    }

    static let brokenPairs: [(app: String, clip: String, codes: [String])] = [
        ("app-good", "clip-group-case", ["app_group_case_mismatch"]),
        ("app-good", "clip-group-other", ["app_group_not_shared"]),
        ("app-good", "clip-group-missing", ["app_group_missing"]),
        ("app-good", "clip-parent-other", ["parent_application_mismatch"]),
        ("app-good", "clip-parent-missing", ["parent_application_missing"]),
        ("app-good", "clip-appclips-domain-missing", ["appclips_domain_missing"]),
        ("app-good", "clip-appclips-other-host", ["appclips_domain_missing", "associated_domain_other_host"]),
        ("app-good", "clip-appclips-wildcard", ["appclips_domain_missing", "appclips_domain_wildcard", "associated_domain_other_host"]),
        ("app-good", "clip-developer-mode", ["associated_domain_developer_mode"]),
        ("app-good", "clip-on-demand-missing", ["on_demand_install_missing"]),
        ("app-good", "clip-team-other", ["parent_application_mismatch", "team_id_mismatch"]),
        ("app-applinks-missing", "clip-good", ["applinks_domain_missing"]),
        ("app-appclips-missing", "clip-good", ["app_appclips_domain_missing"]),
        ("app-clip-other", "clip-good", ["associated_appclip_mismatch"]),
        ("app-clip-missing", "clip-good", ["associated_appclip_missing"]),
        ("app-groups-wrong-type", "clip-good", ["app_group_missing", "entitlement_wrong_type"]),
    ]

    @Test("each kind of broken entitlements gets exactly its findings", arguments: brokenPairs)
    func broken(pair: (app: String, clip: String, codes: [String])) throws {
        let report = try Self.examine(app: pair.app, clip: pair.clip)
        #expect(Set(report.findings.map(\.code)) == Set(pair.codes), "\(report.humanLines)")
        let hasErrors = report.findings.contains { $0.severity == .error }
        #expect(report.exitCode == (hasErrors ? 1 : 0))
    }

    @Test("without configuration the identities come from the files and a foreign clip is not a suffix")
    func derivedIdentities() throws {
        let report = try Self.examine(app: "app-clip-other", clip: "clip-good", configuration: DoctorConfiguration())
        #expect(report.findings.map(\.code) == ["clip_bundle_id_not_suffix"])
        #expect(try Self.examine(app: "app-good", clip: "clip-good", configuration: DoctorConfiguration()).findings == [])
    }

    @Test("an AASA document that does not list the clip is reported")
    func aasaMissingClip() throws {
        let report = try Self.examine(app: "app-good", clip: "clip-good", aasa: Self.fixture("aasa/missing-clip.json"))
        #expect(report.findings.map(\.code) == ["clip_without_parent_app", "aasa_clip_missing"])
        #expect(report.exitCode == 1)
    }

    @Test("an AASA document checked without known identities says its expectations were skipped")
    func aasaWithoutIdentities() throws {
        let report = try Doctor().examine(
            appEntitlements: Self.entitlements("app-good"), clipEntitlements: Self.entitlements("clip-good"), aasa: Data("{}".utf8)
        )
        #expect(report.findings.map(\.code) == ["aasa_expectations_skipped", "aasa_empty"])
    }

    @Test(
        "unreadable entitlements throw a typed error",
        arguments: [
            ("not-a-plist", DoctorError.notAPropertyList(.clipEntitlements)),
            ("array-root", .notADictionary(.clipEntitlements)),
        ])
    func unreadable(name: String, expected: DoctorError) {
        #expect(throws: expected) {
            try Doctor().examine(appEntitlements: Self.entitlements("app-good"), clipEntitlements: Self.entitlements(name))
        }
    }

    @Test("reports render errors first, escaped, and as JSON that decodes")
    func rendering() throws {
        let hostile = try PropertyListSerialization.data(
            fromPropertyList: ["com.apple.security.application-groups": ["group.\u{202E}evil\u{1B}[2J"]], format: .xml, options: 0
        )
        let report = try Doctor(configuration: Self.configuration)
            .examine(appEntitlements: Self.entitlements("app-good"), clipEntitlements: hostile)
        #expect(report.humanLines.allSatisfy { !HiddenCharacters.contains(in: $0) })
        #expect(!HiddenCharacters.contains(in: report.jsonLine))
        #expect(report.humanLines.first?.hasPrefix("error") == true)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.jsonLine.utf8)) as? [String: Any])
        #expect(object["ok"] as? Bool == false)
        #expect((object["findings"] as? [[String: String]])?.count == report.findings.count)
    }
}
