import Foundation
import PostgresLauncher
import Testing

/// The libraries a release build links, against docs/operations.md's table
/// (which the Dockerfile follows). Needs a release binary and `readelf`:
/// `swift build -c release --static-swift-stdlib --product baton`, then
/// `DEPLOY_CHECK_BINARY=<bin path>/baton swift test --filter ReleaseBinaryLinkTests`
/// (`.build/release/baton` is found without the variable). Skipped otherwise.
@Suite("release binary links only documented libraries", .timeLimit(.minutes(10)))
struct ReleaseBinaryLinkTests {
    static let readelf = ["/usr/bin/readelf", "/bin/readelf"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The binary to check: `DEPLOY_CHECK_BINARY`, or `.build/release/baton`
    /// when that one was built as the Dockerfile builds it (static Swift
    /// stdlib). A plain `swift build -c release`, as the benchmarks use,
    /// links the Swift runtime dynamically and says nothing about the image.
    static let binary: String? = {
        if let explicit = ProcessInfo.processInfo.environment["DEPLOY_CHECK_BINARY"] { return explicit }
        let local = DeployFiles.root.appending(path: ".build/release/baton").path
        guard FileManager.default.isExecutableFile(atPath: local), let readelf,
            let needed = try? neededLibraries(local, readelf: readelf), !needed.contains("libswiftCore.so")
        else { return nil }
        return local
    }()

    /// The `DT_NEEDED` entries of `binary`: the libraries it links directly.
    static func neededLibraries(_ binary: String, readelf: String) throws -> Set<String> {
        let outcome = try Subprocess(readelf, ["-d", binary]).run()
        return Set(outcome.output.matches(of: /\(NEEDED\)\s+Shared library: \[([^\]]+)\]/).map { String($0.output.1) })
    }

    @Test(
        "readelf NEEDED equals the documented sonames",
        .enabled(if: binary != nil && readelf != nil, "no static release binary (set DEPLOY_CHECK_BINARY) or no readelf: skipped"))
    func linkedLibrariesAreDocumented() throws {
        let needed = try Self.neededLibraries(try #require(Self.binary), readelf: try #require(Self.readelf))
        let documented = DeployFiles.documentedRuntimeLibraries
        let allDocumented = Set(documented.flatMap(\.sonames))
        let installed = Set(documented.filter(\.installedByDockerfile).flatMap(\.sonames))
        #expect(!needed.isEmpty)
        #expect(
            needed.subtracting(allDocumented).isEmpty, "linked but not in docs/operations.md: \(needed.subtracting(allDocumented).sorted())"
        )
        #expect(
            installed.subtracting(needed).isEmpty, "installed by the Dockerfile but not linked: \(installed.subtracting(needed).sorted())")
    }
}
