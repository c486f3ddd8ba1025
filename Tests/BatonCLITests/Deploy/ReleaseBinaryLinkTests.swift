import Foundation
import Testing

/// The libraries a release build links, against docs/operations.md's table
/// (which the Dockerfile follows). Needs a release binary and `readelf`:
/// `swift build -c release --static-swift-stdlib --product baton`, then
/// `DEPLOY_CHECK_BINARY=<bin path>/baton swift test --filter ReleaseBinaryLinkTests`
/// (`.build/release/baton` is found without the variable). Skipped otherwise.
@Suite("release binary links only documented libraries")
struct ReleaseBinaryLinkTests {
    static let binary: String? = {
        let candidates: [String?] = [ProcessInfo.processInfo.environment["DEPLOY_CHECK_BINARY"],
                                     DeployFiles.root.appending(path: ".build/release/baton").path]
        return candidates.compactMap { $0 }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()
    static let readelf = ["/usr/bin/readelf", "/bin/readelf"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The `DT_NEEDED` entries of `binary`: the libraries it links directly.
    static func neededLibraries(_ binary: String, readelf: String) throws -> Set<String> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: readelf)
        process.arguments = ["-d", binary]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Set(String(decoding: data, as: UTF8.self).matches(of: /\(NEEDED\)\s+Shared library: \[([^\]]+)\]/).map { String($0.output.1) })
    }

    @Test("readelf NEEDED equals the documented sonames",
          .enabled(if: binary != nil && readelf != nil, "no release binary (set DEPLOY_CHECK_BINARY) or no readelf: skipped"))
    func linkedLibrariesAreDocumented() throws {
        let needed = try Self.neededLibraries(try #require(Self.binary), readelf: try #require(Self.readelf))
        let documented = DeployFiles.documentedRuntimeLibraries
        let allDocumented = Set(documented.flatMap(\.sonames))
        let installed = Set(documented.filter(\.installedByDockerfile).flatMap(\.sonames))
        #expect(!needed.isEmpty)
        #expect(needed.subtracting(allDocumented).isEmpty, "linked but not in docs/operations.md: \(needed.subtracting(allDocumented).sorted())")
        #expect(installed.subtracting(needed).isEmpty, "installed by the Dockerfile but not linked: \(installed.subtracting(needed).sorted())")
    }
}
