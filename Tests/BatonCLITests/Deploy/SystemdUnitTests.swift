import Testing

/// The hardening and ordering of deploy/systemd's units (systemd-analyze
/// verify, run by scripts/check-deploy, checks their syntax).
@Suite("systemd units", .timeLimit(.minutes(10)))
struct SystemdUnitTests {
    static let units = ["baton-api.service", "baton-worker.service"]

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

    @Test("every unit migrates, waiting for the database, on each start, and restarts after a failure without a limit", arguments: units)
    func migratesOnEveryStart(unit: String) {
        let lines = Set(DeployFiles.text("deploy/systemd/\(unit)").split(separator: "\n").map(String.init))
        #expect(lines.contains("ExecStartPre=/usr/local/bin/baton migrate --wait 60"), "\(unit)")
        #expect(lines.contains("Restart=on-failure"), "\(unit)")
        #expect(lines.contains("StartLimitIntervalSec=0"), "\(unit)")
        #expect(!lines.contains { $0.contains("baton-migrate") }, "\(unit) still names the removed baton-migrate.service")
    }
}
