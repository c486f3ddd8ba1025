import BatonCore
import BatonTestSupport
import Foundation
import Testing

@Suite("Webhook settings", .timeLimit(.minutes(10)))
struct WebhookSettingsTests {
    @Test(
        "https anywhere and http on loopback are accepted (with loopback allowed)",
        arguments: [
            "https://backend.example.com/hooks/baton", "http://127.0.0.1:9000/hook", "http://localhost/hook", "http://[::1]:8080/",
        ])
    func acceptedEndpoints(url: String) {
        #expect((try? WebhookSettings.checkEndpoint(url, destinations: .allowingLoopback).get()) != nil)
    }

    @Test(
        "plain http to a remote host, credentials and other schemes are refused",
        arguments: [
            ("http://backend.example.com/hook", WebhookSettings.EndpointProblem.plainHTTPToRemoteHost),
            ("http://127.0.0.1.example.com/hook", .plainHTTPToRemoteHost),
            ("https://user:pw@backend.example.com/", .credentialsInURL),
            ("ftp://backend.example.com/", .unsupportedScheme),
            ("/relative/path", .notAbsoluteURL),
        ])
    func refusedEndpoints(url: String, problem: WebhookSettings.EndpointProblem) {
        #expect(throws: problem) { try WebhookSettings.checkEndpoint(url, destinations: .allowingLoopback).get() }
    }

    @Test("a webhook URL without a long enough secret is a configuration error naming the secret")
    func secretRequired() {
        let environment = [
            "BATON_DATABASE_URL": "postgresql:///baton", "BATON_SECRET_KEY": TestSecrets.secretKeyHex,
            "BATON_WEBHOOK_URL": "https://backend.example.com/hook", "BATON_WEBHOOK_SECRET": "short",
        ]
        #expect(throws: ConfigurationError.self) { try BatonConfiguration(environment: environment) }
        do {
            _ = try BatonConfiguration(environment: environment)
        } catch {
            #expect(error.problems.map(\.setting) == ["BATON_WEBHOOK_SECRET"])
        }
    }

    @Test("without a webhook URL there is no delivery and the worker defaults apply")
    func defaults() throws {
        let configuration = try BatonConfiguration(environment: [
            "BATON_DATABASE_URL": "postgresql:///baton", "BATON_SECRET_KEY": TestSecrets.secretKeyHex,
        ])
        #expect(configuration.webhook == nil)
        #expect(configuration.worker == WorkerSettings())
    }

    @Test("BATON_WEBHOOK_CA_BUNDLE names a PEM file of certificates; a missing file, a directory or a file without one is refused")
    func caBundle() throws {
        let base = ["BATON_DATABASE_URL": "postgresql:///baton", "BATON_SECRET_KEY": TestSecrets.secretKeyHex]
        let directory = FileManager.default.temporaryDirectory.appending(path: "baton-ca-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let bundle = directory.appending(path: "ca.pem")
        try Data("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n".utf8).write(to: bundle)
        let key = directory.appending(path: "key.pem")
        try Data("-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----\n".utf8).write(to: key)
        let with = { (path: String) in base.merging(["BATON_WEBHOOK_CA_BUNDLE": path]) { $1 } }
        #expect(try BatonConfiguration(environment: base).webhookDelivery.caBundle == nil)
        #expect(try BatonConfiguration(environment: with(bundle.path)).webhookDelivery.caBundle == bundle.path)
        for refused in [directory.appending(path: "missing.pem").path, directory.path, key.path] {
            do {
                _ = try BatonConfiguration(environment: with(refused))
                Issue.record("accepted \(refused)")
            } catch {
                #expect(error.problems.map(\.setting) == ["BATON_WEBHOOK_CA_BUNDLE"])
            }
        }
    }
}
