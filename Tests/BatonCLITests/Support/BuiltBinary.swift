import Foundation

/// The `baton` executable built beside this test bundle, for tests that run
/// it as a separate process; nil when it was not built.
enum BuiltBinary {
    static let path: String? = {
        let directory = Bundle.main.bundleURL
        return [directory, directory.deletingLastPathComponent()].map { $0.appending(path: "baton").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }()
}
