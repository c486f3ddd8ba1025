import BatonLinks
import Foundation
import HTTP
import Testing

@Suite("baton doctor --live against a local Baton and a deliberately wrong server", .timeLimit(.minutes(10)))
struct LiveDoctorTests {
    static let entitlements = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fixtures/entitlements")

    static func entitlement(_ name: String) throws -> Data {
        try Data(contentsOf: entitlements.appending(path: name))
    }

    @Test("a Baton configured for the fixtures' host passes: AASA, public configuration, entitlements and landing page")
    func goodBaton() throws {
        let (app, client) = try TestApp.withClient(
            rateLimited: false, environment: ["BATON_PUBLIC_BASE_URL": "https://baton.example"], anonymous: true)
        let configuration = try client.get("/v1/config/public")
        #expect(configuration.status == 200)
        #expect(configuration.json["clip_bundle_id"] as? String == "com.example.family.Clip")
        #expect(configuration.json["invite_path_prefix"] as? String == "/invite/")
        #expect(
            Set(configuration.json.keys) == [
                "team_id", "app_bundle_id", "clip_bundle_id", "app_store_id", "public_host", "invite_path_prefix",
            ])
        let invite = try app.makeInvite()
        let doctor = try #require(LiveDoctor(site: "http://127.0.0.1:\(app.port)", allowingLoopbackHTTP: true))
        let report = try doctor.examine(
            appEntitlements: Self.entitlement("app-good.entitlements"), clipEntitlements: Self.entitlement("clip-good.entitlements"),
            invitePage: "https://baton.example/invite/\(invite.token.text)")
        #expect(report.findings == [])
        let mismatched = try doctor.examine(
            appEntitlements: Self.entitlement("app-good.entitlements"), clipEntitlements: Self.entitlement("clip-group-case.entitlements"))
        #expect(mismatched.findings.map(\.code).contains("app_group_case_mismatch"))
    }

    /// A server answering the live doctor's three paths as `site` says.
    struct WrongSite: Sendable, CustomTestStringConvertible {
        var name: String
        var aasa = Response(status: 200, body: Self.goodAASA)
        var aasaType = "application/json"
        var configuration = Self.goodConfiguration
        var expected: String
        var testDescription: String { name }

        static let goodAASA: Data = {
            let configuration = try! AppLinksConfiguration(
                teamID: "ABCDE12345", appBundleID: "com.example.family", clipBundleID: "com.example.family.Clip",
                publicHost: "baton.example")
            return AASADocument.generate(for: configuration)
        }()
        static let goodConfiguration: [String: String?] = [
            "team_id": "ABCDE12345", "app_bundle_id": "com.example.family", "clip_bundle_id": "com.example.family.Clip",
            "app_store_id": "1234567890", "public_host": "baton.example", "invite_path_prefix": "/invite/",
        ]

        func start() throws -> Server {
            var router = Router()
            let aasa = aasa
            let type = aasaType
            let body = try JSONSerialization.data(withJSONObject: configuration.mapValues { $0.map { $0 as Any } ?? NSNull() })
            router.get("/.well-known/apple-app-site-association") { _ in
                var response = aasa
                response.headers.set("Content-Type", type)
                return response
            }
            router.get("/v1/config/public") { _ in .json(encoded: body) }
            router.get("/invite/:token") { _ in .html("<!doctype html><title>x</title><p>no banner</p>") }
            return try Server(router: router, configuration: ServerConfiguration(host: "127.0.0.1", port: 0, threadPoolSize: 2))
        }
    }

    static let wrongSites: [WrongSite] = {
        var redirect = Response(status: 301)
        redirect.headers.set("Location", "https://www.baton.example/.well-known/apple-app-site-association")
        var missingClip = WrongSite.goodConfiguration
        missingClip["clip_bundle_id"] = .some(nil)
        var caseMismatch = WrongSite.goodConfiguration
        caseMismatch["clip_bundle_id"] = "com.example.family.clip"
        // A host written in capitals is the same host: the identities are still checked.
        var mixedCaseHost = caseMismatch
        mixedCaseHost["public_host"] = "Baton.Example"
        return [
            WrongSite(name: "a redirect", aasa: redirect, expected: "aasa_redirected"),
            WrongSite(name: "a wrong content type", aasaType: "text/plain", expected: "aasa_content_type"),
            WrongSite(name: "a missing clip id", configuration: missingClip, expected: "live_config_incomplete"),
            WrongSite(name: "a case-mismatched clip bundle id", configuration: caseMismatch, expected: "aasa_clip_missing"),
            WrongSite(
                name: "a case-mismatched clip bundle id behind a mixed-case public host", configuration: mixedCaseHost,
                expected: "aasa_clip_missing"),
            WrongSite(name: "a 404 AASA", aasa: Response(status: 404), expected: "aasa_http_status"),
            WrongSite(
                name: "an AASA over 128 KB", aasa: Response(status: 200, body: Data(repeating: 0x20, count: 200_000)),
                expected: "aasa_too_large"),
            WrongSite(
                name: "an AASA that is not JSON", aasa: Response(status: 200, body: Data("{applinks".utf8)), expected: "aasa_not_json"),
        ]
    }()

    @Test("a deliberately wrong server gets the finding that names its mistake", arguments: wrongSites)
    func wrongServer(_ site: WrongSite) throws {
        let server = try site.start()
        defer { _ = server.shutdown(grace: .seconds(1)) }
        let doctor = try #require(LiveDoctor(site: "http://127.0.0.1:\(server.port)", allowingLoopbackHTTP: true))
        let report = try doctor.examine()
        #expect(report.findings.map(\.code).contains(site.expected), "\(report.humanLines)")
    }

    @Test("the landing page of a server without a Smart App Banner is reported, and a path outside the invite prefix too")
    func landingPage() throws {
        let server = try WrongSite(name: "no banner", expected: "").start()
        defer { _ = server.shutdown(grace: .seconds(1)) }
        let doctor = try #require(LiveDoctor(site: "http://127.0.0.1:\(server.port)", allowingLoopbackHTTP: true))
        #expect(try doctor.examine(invitePage: "https://baton.example/invite/x").findings.map(\.code) == ["landing_banner_missing"])
        #expect(try doctor.examine(invitePage: "https://baton.example/join/x").findings.map(\.code) == ["landing_path_not_covered"])
        #expect(try doctor.examine().findings == [])
    }

    @Test("nothing listening is aasa_unreachable, and only https (or loopback http in tests) is accepted")
    func unreachable() throws {
        let doctor = try #require(LiveDoctor(site: "http://127.0.0.1:9", allowingLoopbackHTTP: true))
        let codes = try doctor.examine().findings.map(\.code)
        #expect(codes.contains("aasa_unreachable") && codes.contains("live_config_unavailable"))
        #expect(LiveDoctor(site: "http://127.0.0.1:9") == nil)
        #expect(LiveDoctor(site: "http://baton.example", allowingLoopbackHTTP: true) == nil)
        #expect(LiveDoctor(site: "https://baton.example/path") == nil)
        #expect(LiveDoctor(site: "https://baton.example")?.site.absoluteString == "https://baton.example")
    }
}
