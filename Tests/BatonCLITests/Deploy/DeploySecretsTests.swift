import BatonCore
import Testing

/// How the deploy forms hand Baton its secrets and start it on a database
/// that may not be up yet.
@Suite("deploy forms keep secrets out of the environment and wait for the database", .timeLimit(.minutes(10)))
struct DeploySecretsTests {
    static let secretSettings = Setting.all.filter(\.isSecret).map(\.name)

    @Test("compose passes every secret as a Docker secret file, never as a variable, and its .env holds none")
    func composeUsesSecretFiles() {
        let compose = DeployFiles.assignedSettings(in: DeployFiles.text("deploy/compose.yaml"))
        let env = DeployFiles.assignedSettings(in: DeployFiles.text("deploy/.env.example"))
        for name in Self.secretSettings {
            #expect(compose[name] == nil && env[name] == nil, "\(name) is set as a variable")
        }
        for name in ["BATON_DATABASE_URL", "BATON_SECRET_KEY", "BATON_WEBHOOK_SECRET"] {
            #expect(compose[name + "_FILE"]?.hasPrefix("/run/secrets/") == true, "\(name)_FILE")
        }
        let text = DeployFiles.text("deploy/compose.yaml")
        #expect(!text.contains("POSTGRES_PASSWORD:"), "the superuser password travels as POSTGRES_PASSWORD_FILE only")
        #expect(text.contains("pg_isready -h 127.0.0.1"), "the health check probes TCP, not the init-time socket")
    }

    @Test("compose and the Kubernetes Job migrate with --wait")
    func migrationsWait() {
        #expect(DeployFiles.text("deploy/compose.yaml").contains(#"command: ["migrate", "--wait", "#))
        #expect(DeployFiles.text("deploy/k8s/migrate-job.yaml").contains(#"args: ["migrate", "--wait", "#))
    }
}
