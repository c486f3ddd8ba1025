import BatonLinks
import Foundation
import HTTP
import Testing

@Suite("baton doctor --android --live against a local Baton and a deliberately wrong server", .timeLimit(.minutes(10)))
struct AndroidLiveDoctorTests {
    static let fingerprint = (0..<32).map { String(format: "%02X", $0) }.joined(separator: ":")
    static let other = (0..<32).map { String(format: "%02X", 200 - $0) }.joined(separator: ":")

    @Test("a Baton serving its configured Android app passes, and a certificate it does not list is a finding")
    func goodBaton() throws {
        let app = try TestApp(
            environment: ["BATON_ANDROID_PACKAGE": "com.example.family", "BATON_ANDROID_CERT_FINGERPRINTS": Self.fingerprint])
        let doctor = try #require(LiveDoctor(site: "http://127.0.0.1:\(app.port)", allowingLoopbackHTTP: true))
        #expect(doctor.examineAssetLinks(package: "com.example.family", fingerprints: [Self.fingerprint]).findings == [])
        #expect(
            doctor.examineAssetLinks(package: "com.example.family", fingerprints: [Self.other]).findings.map(\.code) == [
                "assetlinks_fingerprint_missing"
            ])
        #expect(
            doctor.examineAssetLinks(package: "com.example.other", fingerprints: []).findings.map(\.code) == ["assetlinks_package_missing"])
    }

    @Test("a Baton without an Android app answers 404, which is a finding")
    func noAndroidApp() throws {
        let app = try TestApp()
        let doctor = try #require(LiveDoctor(site: "http://127.0.0.1:\(app.port)", allowingLoopbackHTTP: true))
        #expect(doctor.examineAssetLinks(package: nil, fingerprints: []).findings.map(\.code) == ["assetlinks_http_status"])
    }

    @Test(
        "a redirect, another media type and an oversized file are each refused as Android's verifier refuses them",
        arguments: [
            (301, "application/json", 10, "assetlinks_redirected"),
            (200, "text/plain", 10, "assetlinks_content_type"),
            (200, "application/json", AssetLinksValidator.sizeLimit + 10, "assetlinks_too_large"),
        ])
    func wrongServer(status: Int, type: String, size: Int, expected: String) throws {
        var router = Router()
        let statements =
            #"[{"relation": ["\#(AssetLinksValidator.appLinksRelation)"], "target": {"namespace": "android_app", "package_name": "com.example.family", "sha256_cert_fingerprints": ["\#(Self.fingerprint)"]}}]"#
        let body = Data((statements + String(repeating: " ", count: max(0, size - statements.utf8.count))).utf8)
        router.get("/.well-known/assetlinks.json") { _ in
            var response = Response(status: status, body: body)
            response.headers.set("Content-Type", type)
            if status == 301 { response.headers.set("Location", "https://www.baton.example/.well-known/assetlinks.json") }
            return response
        }
        let server = try Server(router: router, configuration: ServerConfiguration(host: "127.0.0.1", port: 0, threadPoolSize: 2))
        defer { _ = server.shutdown(grace: .seconds(1)) }
        let doctor = try #require(LiveDoctor(site: "http://127.0.0.1:\(server.port)", allowingLoopbackHTTP: true))
        let codes = doctor.examineAssetLinks(package: "com.example.family", fingerprints: [Self.fingerprint]).findings.map(\.code)
        #expect(codes == [expected])
    }
}
