import BatonCore
import Foundation
import Testing

@testable import BatonCLI

/// deploy/ and docs/operations.md against the code: the settings they name,
/// the ones they must set, shutdown timings, and the runtime libraries.
@Suite("deploy files agree with the code", .timeLimit(.minutes(10)))
struct DeployConsistencyTests {

    /// The files that together configure one way of running Baton.
    static let forms: [(name: String, files: [String])] = [
        ("compose", ["deploy/compose.yaml", "deploy/.env.example"]),
        ("kubernetes", ["deploy/k8s/configmap.yaml", "deploy/k8s/secret.example.yaml"]),
        ("systemd", ["deploy/systemd/baton.env.example"]),
    ]

    /// Settings with a default that a production `serve` + `worker` still
    /// needs: links must name the public host; webhooks need a target and a
    /// secret. Filtered through `Setting.all`, so this list never names an
    /// unknown setting.
    static let neededInProduction = Setting.all.filter {
        $0.isRequired || ["BATON_PUBLIC_BASE_URL", "BATON_WEBHOOK_URL", "BATON_WEBHOOK_SECRET"].contains($0.name)
    }

    @Test("every deploy form sets the required settings and those production needs", arguments: forms.map(\.name))
    func requiredSettingsAreSet(form: String) {
        let files = Self.forms.first { $0.name == form }?.files ?? []
        let assigned = files.reduce(into: Set<String>()) { set, path in
            set.formUnion(DeployFiles.assignedSettings(in: DeployFiles.text(path)).keys)
        }
        // A secret counts as set through its NAME_FILE too (Docker secrets).
        let missing = Self.neededInProduction.filter { setting in
            !assigned.contains(setting.name) && !(setting.fileVariable.map(assigned.contains) ?? false)
        }.map(\.name)
        #expect(!Self.neededInProduction.isEmpty)
        #expect(missing.isEmpty, "\(form) (\(files.joined(separator: ", "))) does not set \(missing)")
    }

    @Test("container forms listen on every interface and the probes use that port")
    func containersListenOnTheirPort() throws {
        let configMap = DeployFiles.assignedSettings(in: DeployFiles.text("deploy/k8s/configmap.yaml"))
        let compose = DeployFiles.assignedSettings(in: DeployFiles.text("deploy/compose.yaml"))
        for listen in [configMap["BATON_LISTEN"], compose["BATON_LISTEN"]] {
            let address = try #require(listen.flatMap(ListenAddress.init), "BATON_LISTEN missing or malformed")
            #expect(address.host == "0.0.0.0")
            #expect(address.port == 8080)
        }
        #expect(DeployFiles.number(after: "containerPort:", in: DeployFiles.text("deploy/k8s/api-deployment.yaml")) == 8080)
        #expect(DeployFiles.text("deploy/Dockerfile").contains("ENV BATON_LISTEN=0.0.0.0:8080"))
    }

    @Test("every form serves /metrics on a port of its own that the scraper may reach and no two processes share")
    func metricsListenerIsDeployed() throws {
        let configMap = DeployFiles.assignedSettings(in: DeployFiles.text("deploy/k8s/configmap.yaml"))
        let k8sPort = try #require(configMap["BATON_METRICS_LISTEN"].flatMap(ListenAddress.init)?.port)
        #expect(k8sPort != 8080)
        for pod in ["deploy/k8s/api-deployment.yaml", "deploy/k8s/worker-deployment.yaml"] {
            let manifest = DeployFiles.text(pod)
            #expect(DeployFiles.number(after: "- name: metrics", in: manifest) == k8sPort, "\(pod) names no metrics port \(k8sPort)")
            #expect(DeployFiles.number(after: "prometheus.io/port:", in: manifest) == k8sPort, "\(pod) is not annotated for scraping")
        }
        let policy = DeployFiles.text("deploy/k8s/networkpolicy.yaml")
        #expect(DeployFiles.number(after: "name: baton-metrics-ingress", in: policy) == k8sPort)

        let compose = DeployFiles.text("deploy/compose.yaml")
        #expect(compose.matches(of: /\n\s+BATON_METRICS_LISTEN: 0\.0\.0\.0:\d+/).count == 2, "compose's api and worker both serve /metrics")

        // One host runs both units: each sets its own port, the shared env file none.
        let ports = try ["baton-api", "baton-worker"].map { unit in
            let line = DeployFiles.text("deploy/systemd/\(unit).service").firstMatch(of: /Environment=BATON_METRICS_LISTEN=(\S+)/)
            return try #require(line.flatMap { ListenAddress(String($0.output.1)) }, "\(unit).service sets no metrics listener")
        }
        #expect(ports.allSatisfy { $0.host == "127.0.0.1" })
        #expect(Set(ports.map(\.port)).count == 2)
        #expect(DeployFiles.assignedSettings(in: DeployFiles.text("deploy/systemd/baton.env.example"))["BATON_METRICS_LISTEN"] == nil)
    }

    @Test("each stop timeout outlasts the drain baton is configured to do")
    func stopTimeoutsOutlastGrace() throws {
        let configMap = DeployFiles.assignedSettings(in: DeployFiles.text("deploy/k8s/configmap.yaml"))
        let systemdEnv = DeployFiles.assignedSettings(in: DeployFiles.text("deploy/systemd/baton.env.example"))
        let compose = DeployFiles.text("deploy/compose.yaml")
        let api = DeployFiles.text("deploy/k8s/api-deployment.yaml")
        let apiGrace = try #require(configMap["BATON_SHUTDOWN_GRACE_SECONDS"].flatMap { Int($0) })
        let preStop = try #require(api.firstMatch(of: /"sleep", "(\d+)"/).flatMap { Int($0.output.1) })
        let k8sTermination = try #require(DeployFiles.number(after: "terminationGracePeriodSeconds:", in: api))
        #expect(k8sTermination > preStop + apiGrace)
        let systemdAPI = try #require(
            DeployFiles.number(after: "TimeoutStopSec=", in: DeployFiles.text("deploy/systemd/baton-api.service")))
        #expect(systemdAPI > (systemdEnv["BATON_SHUTDOWN_GRACE_SECONDS"].flatMap { Int($0) } ?? Int.max))
        let composeAPIGrace = try #require(DeployFiles.number(after: "BATON_SHUTDOWN_GRACE_SECONDS:", in: compose))
        #expect((DeployFiles.number(after: "stop_grace_period:", in: compose) ?? 0) > composeAPIGrace)

        // The worker's own grace arrives with the queue; check it wherever it is set.
        let worker = "BATON_WORKER_SHUTDOWN_GRACE_SECONDS"
        if let grace = configMap[worker].flatMap({ Int($0) }) {
            #expect(
                (DeployFiles.number(after: "terminationGracePeriodSeconds:", in: DeployFiles.text("deploy/k8s/worker-deployment.yaml")) ?? 0)
                    > grace)
        }
        if let grace = systemdEnv[worker].flatMap({ Int($0) }) {
            #expect(
                (DeployFiles.number(after: "TimeoutStopSec=", in: DeployFiles.text("deploy/systemd/baton-worker.service")) ?? 0) > grace)
        }
    }

    @Test(
        "the configuration tables of the README and docs/operations.md are the output of baton config reference",
        arguments: ["README.md", "docs/operations.md"])
    func configReferenceIsCurrent(file: String) {
        let documented = DeployFiles.section("generated by baton config reference", in: DeployFiles.text(file))
        #expect(
            documented == ConfigReferenceCommand.markdown(Setting.all),
            "run scripts/config-reference to regenerate the table in \(file)")
    }

    @Test("the Dockerfile installs exactly the runtime packages docs/operations.md documents")
    func runtimePackagesMatchTheDocs() {
        let documented = DeployFiles.documentedRuntimeLibraries
        #expect(documented.count >= 6)
        #expect(DeployFiles.dockerRuntimePackages == Set(documented.filter(\.installedByDockerfile).map(\.package)))
    }
}
