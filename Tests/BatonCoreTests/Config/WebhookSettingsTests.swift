import BatonCore
import BatonTestSupport
import Testing

@Suite("Webhook settings")
struct WebhookSettingsTests {
    @Test(
        "https anywhere and http on loopback are accepted",
        arguments: [
            "https://backend.example.com/hooks/baton", "http://127.0.0.1:9000/hook", "http://localhost/hook", "http://[::1]:8080/",
        ])
    func acceptedEndpoints(url: String) {
        #expect((try? WebhookSettings.checkEndpoint(url).get()) != nil)
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
        #expect(throws: problem) { try WebhookSettings.checkEndpoint(url).get() }
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
}
