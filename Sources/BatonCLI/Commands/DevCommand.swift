import BatonCore
import BatonServer
import BatonWorker
import Foundation
import HTTP
import Postgres
import PostgresLauncher

/// `baton dev`: a complete local Baton on a private PostgreSQL cluster that
/// it starts itself, for trying Baton and for developing against it.
enum DevCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "dev",
        summary: "Run Baton locally on an embedded PostgreSQL cluster it starts itself.",
        options: [
            .value("data-dir", "DIR", "Where the cluster, secrets and settings live (default ./.baton)."),
            .value("listen", "HOST:PORT", "HTTP listen address (default 127.0.0.1:8080)."),
            .flag("no-worker", "Serve the API only; run `baton worker` separately with DIR/baton.env, as in production."),
        ],
        discussion: """
            First run: initialises a PostgreSQL cluster in DIR/postgres, applies the migrations,
            generates the server secret and a redeemer JWT secret (BATON_REDEEMER_JWT_SECRET, for apps
            under development), creates an admin API key with every scope and saves it
            to DIR/admin.key (mode 0600). BATON_PUBLIC_BASE_URL and the Apple identities
            (BATON_APPLE_TEAM_ID, BATON_APP_BUNDLE_ID, BATON_CLIP_BUNDLE_ID, BATON_APP_STORE_ID)
            come from the environment, or get example values that it names; the other BATON_* settings
            (webhook, timeouts, rate limits, ...) apply from the environment too, except the database,
            secrets and listen address, which are its own; webhooks may reach loopback receivers
            (BATON_WEBHOOK_ALLOWED_NETWORKS=127.0.0.0/8,::1) unless that setting is given; with
            BATON_METRICS_LISTEN set, /metrics is served there (and not on the API listener), as by
            `baton serve`. Every run writes DIR/baton.env so that
            `set -a; . DIR/baton.env; set +a` lets every other baton command reach the same
            database. Runs the worker (jobs, webhooks, invite expiry) in the same process.
            With --no-worker jobs wait in the queue for a separate worker, as in production:
            `set -a; . DIR/baton.env; set +a; baton worker` in another shell.
            Runs until interrupted (Ctrl-C), then stops the worker gracefully and the cluster.
            Needs the Debian package postgresql-15; as root the server runs as user postgres.
            """,
        examples: [
            "baton dev", "baton dev --data-dir /var/tmp/baton --listen 127.0.0.1:9090",
            "baton dev --no-worker",
        ]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let directory = URL(fileURLWithPath: arguments.string("data-dir") ?? ".baton").standardizedFileURL
        let listen = try arguments.value("listen", expected: "HOST:PORT", ListenAddress.init) ?? ListenAddress("127.0.0.1:8080")!
        let signals = SignalWaiter()
        let workspace = try DevWorkspace(directory: directory)
        let cluster = try EmbeddedPostgres(.init(dataDirectory: workspace.clusterDirectory))
        console.out("starting PostgreSQL in \(workspace.clusterDirectory.path) ...")
        try cluster.start()
        defer {
            console.out("stopping PostgreSQL ...")
            try? cluster.stop()
        }
        let processEnvironment = ProcessInfo.processInfo.environment
        let links = DevWorkspace.linkSettings(from: processEnvironment)
        let environment = try workspace.environment(databaseURL: cluster.connectionString, listen: listen)
            .merging(DevWorkspace.passedThroughSettings(from: processEnvironment)) { own, _ in own }
            .merging(links.values) { $1 }
            .merging(DevWorkspace.loopbackWebhooks) { given, _ in given }
        try workspace.writeEnvironment(environment)
        let configuration = try BatonConfiguration(environment: environment)
        let connection = try PostgresConnection(configuration.databaseURL)
        let applied = try Migrator().migrate(on: connection)
        let adminKey = try workspace.adminKey(store: APIKeyStore(secret: configuration.secretKey), connection: connection)
        connection.close()
        let metrics = BatonMetrics()
        let app = BatonApplication(configuration: configuration, metrics: metrics)
        let server = try app.startServer()
        defer {
            server.shutdown(grace: configuration.server.shutdownGrace)
            app.close()
        }
        let metricsServer = try MetricsListener.start(for: app, console: console)
        defer { metricsServer?.shutdown(grace: .seconds(1)) }
        let worker =
            arguments.flag("no-worker")
            ? nil
            : Worker.standard(
                configuration, metrics: metrics, log: { console.err(WorkerCommand.logLine($0)) }, spanRecorder: app.spanExporter)
        worker?.start()
        defer {
            if let worker {
                console.out("stopping the worker ...")
                worker.stop()
            }
        }

        let demo = try app.transaction { connection in
            try InviteStore(secret: configuration.secretKey, codeLength: configuration.links.codeLength).create(
                NewInvite(InviteDraft(familyID: "demo", familyName: "The Demo family", inviterName: "Baton dev", ttlSeconds: 86_400)),
                createdBy: nil, on: connection
            )
        }
        let base = "http://\(listen.host):\(server.port)"
        console.out(
            """
            migrations: \(applied.isEmpty ? "schema is current" : "applied " + applied.map(\.fileName).joined(separator: ", "))
            database:   \(configuration.databaseURL)
            settings:   \(workspace.environmentFile.path)  (use: set -a; . \(workspace.environmentFile.path); set +a)
            links:      \(links.filled.isEmpty ? "from the environment" : "example values filled for " + links.filled.joined(separator: ", ") + " (links use https://" + (configuration.links.publicHost ?? "") + ")")
            admin key:  \(adminKey.created ? adminKey.text + "  (saved to " + workspace.adminKeyFile.path + "; shown once)" : "in " + workspace.adminKeyFile.path)
            worker:     \(worker == nil ? "not running (--no-worker): start baton worker with the settings above" : "in this process")
            API:        \(base)  (try: curl \(base)/readyz)
            demo:       \(base)/invite/\(demo.token.text)  (landing page of a demo invite, code \(demo.code.displayText), valid 24 h)
            Baton dev is running. Press Ctrl-C to stop.
            """)
        _ = signals.wait()
        return .success
    }
}
