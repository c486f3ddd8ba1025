// swift-tools-version:6.0
import PackageDescription

/// Layers, lowest first: C system libraries, then Foundation-only client
/// libraries (SafeText, BatonJSON, BatonHandoff, BatonLinks, BatonClient) that an App Clip
/// and its app add with SwiftPM, then the server-side layers (Postgres, HTTP, JobQueue,
/// BatonCore, Journey, BatonServer, BatonWorker) and the `baton` command line on top. The
/// benchmarks are a separate executable, `baton-bench`, that `baton` does not link.
let package = Package(
    name: "Baton",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "BatonJSON", targets: ["BatonJSON"]),
        .library(name: "BatonHandoff", targets: ["BatonHandoff"]),
        .library(name: "BatonLinks", targets: ["BatonLinks"]),
        .library(name: "BatonClient", targets: ["BatonClient"]),
        .executable(name: "baton", targets: ["baton"]),
        .executable(name: "baton-bench", targets: ["baton-bench"]),
        .executable(name: "handoff-flow", targets: ["HandoffFlow"]),
    ],
    targets: [
        // C libraries from Debian, found through pkg-config.
        .systemLibrary(name: "CPostgres", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
        .systemLibrary(name: "CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CNats", pkgConfig: "libnats", providers: [.apt(["libnats-dev"])]),
        .systemLibrary(name: "CHiredis", pkgConfig: "hiredis", providers: [.apt(["libhiredis-dev"])]),

        // Foundation only: these build for iOS, macOS and Linux.
        .target(name: "SafeText"),
        .target(name: "BatonJSON", dependencies: ["SafeText"]),
        .target(name: "BatonHandoff", dependencies: ["BatonJSON", "SafeText"]),
        .target(name: "BatonLinks", dependencies: ["BatonJSON", "SafeText"]),
        .target(name: "BatonClient", dependencies: ["BatonJSON"]),

        // Server side.
        .target(name: "Locking"),
        .target(name: "Telemetry", dependencies: ["BackgroundServices", "CCurl", "SafeText"]),
        .target(name: "BackgroundServices"),
        .target(name: "Postgres", dependencies: ["BackgroundServices", "CPostgres", "Locking", "SafeText", "Telemetry"]),
        // Starts a throwaway PostgreSQL cluster (`baton dev`, tests, benchmarks); no libpq.
        .target(name: "PostgresLauncher", dependencies: ["SafeText"]),
        .target(name: "HTTP", dependencies: ["BackgroundServices", "BatonJSON", "CMicroHTTPD", "SafeText", "Telemetry"]),
        // The PostgreSQL job queue and the worker's scheduling state: it never mentions invites.
        .target(name: "JobQueue", dependencies: ["BackgroundServices", "Locking", "Postgres", "SafeText", "Telemetry"]),
        // Event destinations beyond webhooks (NATS JetStream, Redis Streams): transports only, no invites.
        .target(name: "EventDestinations", dependencies: ["CHiredis", "CNats"]),
        .target(
            name: "BatonCore",
            dependencies: [
                "BackgroundServices", "BatonJSON", "Postgres", "BatonHandoff", "BatonLinks", "CSodium", "HTTP", "JobQueue", "Locking",
                "SafeText", "Telemetry",
            ],
            plugins: ["EmbedMigrations"]
        ),
        // The invite journey: stage marks, rollups and the funnel and journey reports.
        .target(
            name: "Journey",
            dependencies: ["BackgroundServices", "BatonCore", "BatonJSON", "Locking", "Postgres", "SafeText", "Telemetry"]
        ),
        .target(
            name: "BatonServer",
            dependencies: [
                "BackgroundServices", "BatonCore", "BatonHandoff", "BatonJSON", "BatonLinks", "HTTP", "CQREncode", "JobQueue", "Journey",
                "Locking", "Postgres",
                "SafeText", "Telemetry",
            ]),
        .target(
            name: "BatonWorker",
            dependencies: [
                "BackgroundServices", "BatonCore", "BatonJSON", "CCurl", "JobQueue", "Journey", "Postgres", "SafeText", "Telemetry",
            ]
        ),
        .target(
            name: "BatonBench",
            dependencies: [
                "BatonCore", "CSodium", "BatonServer", "BatonWorker", "BatonHandoff", "BatonJSON", "BatonLinks", "JobQueue", "Journey",
                "Postgres", "PostgresLauncher", "HTTP", "SafeText",
            ]),
        .target(
            name: "BatonCLI",
            dependencies: [
                "BackgroundServices", "BatonCore", "BatonServer", "BatonWorker", "BatonHandoff", "BatonJSON", "BatonLinks", "HTTP",
                "JobQueue", "Journey", "Postgres", "PostgresLauncher", "SafeText", "Telemetry",
            ],
            plugins: ["EmbedBuildInfo"]
        ),
        .executableTarget(name: "baton", dependencies: ["BatonCLI"]),

        // The benchmarks and their drivers (wrk, pgbench, cc) in their own executable.
        .target(name: "BatonBenchCLI", dependencies: ["BatonBench", "BatonCLI", "PostgresLauncher", "SafeText"]),
        .executableTarget(name: "baton-bench", dependencies: ["BatonBenchCLI"]),

        // An App Clip and its app as an iOS team writes them: the client libraries only.
        .executableTarget(
            name: "HandoffFlow", dependencies: ["BatonClient", "BatonHandoff", "BatonJSON", "BatonLinks"], path: "Examples/HandoffFlow"),

        // libFuzzer targets (fuzz/run): a corpus replayer in a plain build, a fuzzer with -DBATON_FUZZ.
        .systemLibrary(name: "CLibFuzzer", path: "fuzz/CLibFuzzer"),
        .executableTarget(
            name: "BatonFuzz",
            dependencies: ["CLibFuzzer", "BatonServer", "BatonCore", "BatonHandoff", "BatonJSON", "BatonLinks", "HTTP", "SafeText"],
            path: "fuzz/BatonFuzz"
        ),

        // Compiles Migrations/*.sql into BatonCore, so the binary carries its schema.
        .executableTarget(name: "EmbedMigrationsTool"),
        .plugin(name: "EmbedMigrations", capability: .buildTool(), dependencies: ["EmbedMigrationsTool"]),
        // Writes the git commit into BatonCLI for `--version`.
        .plugin(name: "EmbedBuildInfo", capability: .buildTool()),

        // Tests. BatonTestSupport starts one throwaway PostgreSQL cluster per test process.
        .target(
            name: "BatonTestSupport", dependencies: ["Postgres", "PostgresLauncher", "BatonCore", "JobQueue"],
            path: "Tests/BatonTestSupport"),
        .testTarget(name: "SafeTextTests", dependencies: ["SafeText"]),
        .testTarget(name: "BatonJSONTests", dependencies: ["BatonJSON", "SafeText"]),
        .target(name: "PrometheusTestSupport", path: "Tests/PrometheusTestSupport"),
        .testTarget(name: "TelemetryTests", dependencies: ["Telemetry", "PrometheusTestSupport"]),
        .testTarget(name: "BatonHandoffTests", dependencies: ["BatonHandoff", "BatonCore", "BatonJSON", "SafeText"]),
        .testTarget(name: "BatonLinksTests", dependencies: ["BatonLinks", "SafeText"]),
        .testTarget(name: "LockingTests", dependencies: ["Locking"]),
        .testTarget(name: "EventDestinationsTests", dependencies: ["EventDestinations", "CNats"]),
        .testTarget(name: "BackgroundServicesTests", dependencies: ["BackgroundServices", "BatonTestSupport"]),
        .testTarget(name: "PostgresTests", dependencies: ["Postgres", "BatonTestSupport"]),
        .testTarget(name: "PostgresLauncherTests", dependencies: ["PostgresLauncher", "BatonTestSupport"]),
        .target(name: "HTTPTestSupport", path: "Tests/HTTPTestSupport"),
        .testTarget(name: "HTTPTests", dependencies: ["BatonJSON", "HTTP", "HTTPTestSupport", "Telemetry"]),
        .testTarget(
            name: "BatonCoreTests",
            dependencies: ["BatonCore", "BatonJSON", "BatonLinks", "JobQueue", "Postgres", "BatonTestSupport", "Telemetry"]),
        .testTarget(name: "JobQueueTests", dependencies: ["JobQueue", "BatonCore", "Postgres", "BatonTestSupport"]),
        .testTarget(name: "JourneyTests", dependencies: ["Journey", "BatonCore", "BatonJSON", "Postgres", "BatonTestSupport"]),
        .testTarget(
            name: "BatonWorkerTests", dependencies: ["BatonWorker", "BatonCore", "JobQueue", "Journey", "Postgres", "BatonTestSupport"]),
        .testTarget(
            name: "BatonBenchTests", dependencies: ["BatonBench", "BatonCore", "JobQueue", "Journey", "Postgres", "BatonTestSupport"]),
        .testTarget(name: "BatonBenchCLITests", dependencies: ["BatonBenchCLI", "BatonCLI"]),
        .testTarget(
            name: "BatonCLITests",
            dependencies: [
                "BatonCLI", "BatonCore", "BatonHandoff", "BatonJSON", "HTTP", "JobQueue", "Journey", "Postgres", "PostgresLauncher",
                "BatonTestSupport", "HTTPTestSupport",
            ]),
        .testTarget(
            name: "BatonServerTests",
            dependencies: [
                "HTTPTestSupport", "PrometheusTestSupport", "BatonServer", "BatonTestSupport", "HTTP", "BatonHandoff", "BatonLinks",
                "BatonCore", "BatonJSON", "BatonWorker", "JobQueue", "Journey", "Postgres", "PostgresLauncher", "HandoffFlow",
                "BatonClient",
            ]),
    ]
)
