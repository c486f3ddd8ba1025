import Testing

/// The hardening and ordering of deploy/systemd's units (systemd-analyze
/// verify, run by scripts/check-deploy, checks their syntax).
@Suite("systemd units")
struct SystemdUnitTests {
    static let units = ["baton-migrate.service", "baton-api.service", "baton-worker.service"]

    static let hardening = [
        "DynamicUser=yes", "ProtectSystem=strict", "ProtectHome=yes", "PrivateTmp=yes", "NoNewPrivileges=yes",
        "RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6", "SystemCallFilter=@system-service",
        "MemoryDenyWriteExecute=yes", "CapabilityBoundingSet=", "EnvironmentFile=/etc/baton/baton.env",
    ]

    @Test("every unit runs baton hardened, with the shared environment file", arguments: units)
    func hardened(unit: String) {
        let lines = Set(DeployFiles.text("deploy/systemd/\(unit)").split(separator: "\n").map(String.init))
        let missing = Self.hardening.filter { !lines.contains($0) }
        #expect(missing.isEmpty, "\(unit) lacks \(missing)")
    }

    @Test("the migration is a oneshot ordered before the API and the worker, which require it")
    func migrationRunsFirst() {
        let migrate = DeployFiles.text("deploy/systemd/baton-migrate.service")
        #expect(migrate.contains("Type=oneshot"))
        #expect(migrate.contains("Before=baton-api.service baton-worker.service"))
        for unit in ["baton-api.service", "baton-worker.service"] {
            let text = DeployFiles.text("deploy/systemd/\(unit)")
            #expect(text.contains("Requires=baton-migrate.service"), "\(unit)")
            #expect(text.contains("After=network-online.target baton-migrate.service"), "\(unit)")
        }
    }
}
