import Foundation
import SafeText
import Testing

@testable import BatonLinks

@Suite("AASA", .timeLimit(.minutes(10)))
struct AASATests {
    static let configuration = try! AppLinksConfiguration(
        teamID: "ABCDE12345", appBundleID: "com.example.family", clipBundleID: "com.example.family.Clip",
        publicHost: "baton.example", webCredentials: true
    )

    @Test("a generated document validates with no findings, expectations included")
    func roundTrip() {
        let data = AASADocument.generate(for: Self.configuration)
        #expect(AASAValidator.validate(data, expecting: Self.configuration) == [])
    }

    @Test("the generated document lists the clip, the app for /invite/?*, and web credentials on request")
    func generatedShape() throws {
        let root = try #require(try JSONSerialization.jsonObject(with: AASADocument.generate(for: Self.configuration)) as? [String: Any])
        #expect((root["appclips"] as? [String: Any])?["apps"] as? [String] == ["ABCDE12345.com.example.family.Clip"])
        let detail = try #require(((root["applinks"] as? [String: Any])?["details"] as? [[String: Any]])?.first)
        #expect(detail["appIDs"] as? [String] == ["ABCDE12345.com.example.family"])
        #expect((detail["components"] as? [[String: Any]])?.first?["/"] as? String == "/invite/?*")
        #expect((root["webcredentials"] as? [String: Any])?["apps"] as? [String] == ["ABCDE12345.com.example.family"])
        let without = try AppLinksConfiguration(
            teamID: "ABCDE12345", appBundleID: "com.example.family", clipBundleID: "com.example.family.Clip", publicHost: "baton.example"
        )
        let plain = try JSONSerialization.jsonObject(with: AASADocument.generate(for: without)) as? [String: Any]
        #expect(plain?["webcredentials"] == nil)
    }

    static let badDocuments: [(String, String)] = [
        ("[]", "aasa_not_json"),
        ("{\"applinks\": ", "aasa_not_json"),
        ("{}", "aasa_empty"),
        (#"{"applinks": {"details": {}}}"#, "aasa_wrong_type"),
        (#"{"applinks": {"details": [{"appIDs": ["com.example.family"], "components": [{"/": "/invite/?*"}]}]}}"#, "app_id_invalid"),
        (#"{"applinks": {"details": [{"appIDs": ["abcde12345.com.example.family"], "components": []}]}}"#, "app_id_invalid"),
        (#"{"applinks": {"details": [{"appID": "ABCDE12345.com.example.family", "paths": ["/invite/*"]}]}}"#, "aasa_legacy_app_id"),
        (#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.family"], "paths": ["/invite/*"]}]}}"#, "aasa_legacy_paths"),
        (#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.family"]}]}}"#, "aasa_no_components"),
        (#"{"applinks": {"details": [{"components": [{"/": "/x"}]}]}}"#, "aasa_no_app_ids"),
        (#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a.b"], "components": [{"path": "/invite/*"}]}]}}"#, "component_unknown_key"),
        (#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a.b"], "components": [{"/": 1}]}]}}"#, "component_wrong_type"),
        (#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a.b"], "components": [{"exclude": "yes"}]}]}}"#, "component_wrong_type"),
        (#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a.b"], "components": [{"?": {"token": 5}}]}]}}"#, "component_wrong_type"),
        (
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a.b"], "components": [{"/": "/invite", "?": {"token": "*"}}]}]}}"#,
            "query_wildcard_matches_absent"
        ),
        (#"{"appclips": {"apps": ["ABCDE12345.*"]}}"#, "appclips_wildcard"),
        (#"{"appclips": {"apps": "ABCDE12345.a.b.Clip"}}"#, "aasa_wrong_type"),
        (
            #"{"appclips": {"apps": ["ABCDE12345.com.example.family"]}, "applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.family"], "components": []}]}}"#,
            "clip_without_parent_app"
        ),
        (#"{"appclips": {"apps": ["ABCDE12345.a.b.Clip"]}, "applink": {}}"#, "aasa_unknown_key"),
    ]

    @Test("known-bad documents get their finding", arguments: badDocuments)
    func badDocument(json: String, code: String) {
        let findings = AASAValidator.validate(Data(json.utf8))
        #expect(findings.map(\.code).contains(code), "\(findings)")
    }

    @Test("a document over 128 KB is refused before parsing")
    func tooLarge() {
        let data = Data(repeating: UInt8(ascii: " "), count: AASAValidator.sizeLimit + 1)
        #expect(AASAValidator.validate(data).map(\.code) == ["aasa_too_large"])
    }

    @Test("expectations find a missing clip, a missing app and an excluded invite path")
    func expectations() {
        let otherApp =
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.other"], "components": [{"/": "*"}]}]}, "appclips": {"apps": []}}"#
        #expect(
            AASAValidator.validate(Data(otherApp.utf8), expecting: Self.configuration).map(\.code) == [
                "aasa_clip_missing", "aasa_app_missing",
            ])
        let excluded = #"""
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.family"],
              "components": [{"/": "/invite/*", "exclude": true}, {"/": "*"}]}]},
             "appclips": {"apps": ["ABCDE12345.com.example.family.Clip"]}}
            """#
        #expect(AASAValidator.validate(Data(excluded.utf8), expecting: Self.configuration).map(\.code) == ["aasa_invite_path_not_covered"])
    }

    @Test("a hidden character in a document value is escaped in the finding")
    func escapedFinding() {
        let json = #"{"appclips": {"apps": ["ABCDE12345.a\u202Eb"]}}"#
        let findings = AASAValidator.validate(Data(json.utf8))
        #expect(findings.map(\.code) == ["app_id_invalid"])
        #expect(findings.allSatisfy { !HiddenCharacters.contains(in: $0.message) })
    }

    @Test(
        "patterns: * matches empty, ? one character, ?* at least one",
        arguments: [
            ("/invite/*", "/invite/", true), ("/invite/?*", "/invite/", false), ("/invite/?*", "/invite/A", true),
            ("????", "4815", true), ("????", "481", false), ("*a*b", "xxaxxb", true), ("/Invite/*", "/invite/x", false),
        ])
    func pattern(pattern: String, text: String, matches: Bool) {
        #expect(AASAPattern.matches(pattern, text) == matches)
    }

    @Test("a hostile pattern is matched in bounded time")
    func hostilePattern() {
        let pattern = String(repeating: "*a", count: 20_000) + "b"
        #expect(!AASAPattern.matches(pattern, String(repeating: "a", count: 40)))
    }

    @Test(
        "configuration errors are typed",
        arguments: [
            ("abcde12345", "com.example.family", "com.example.family.Clip", "baton.example", "team_id_invalid"),
            ("ABCDE12345", "com_example", "com.example.family.Clip", "baton.example", "bundle_id_invalid"),
            ("ABCDE12345", "com.example.family", "com.example.other.Clip", "baton.example", "clip_bundle_id_not_suffix"),
            ("ABCDE12345", "com.example.family", "com.example.family.Clip.More", "baton.example", "clip_bundle_id_not_suffix"),
            ("ABCDE12345", "com.example.family", "com.example.family.Clip", "*.baton.example", "host_invalid"),
            ("ABCDE12345", "com.example.family", "com.example.family.Clip", "https://baton.example", "host_invalid"),
        ])
    func configurationErrors(team: String, app: String, clip: String, host: String, code: String) {
        let error = #expect(throws: LinksConfigurationError.self) {
            try AppLinksConfiguration(teamID: team, appBundleID: app, clipBundleID: clip, publicHost: host)
        }
        #expect(error?.code == code)
    }
}
