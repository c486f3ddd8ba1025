import CLibFuzzer
import Foundation

/// Runs a ``FuzzTarget`` under libFuzzer (a `-DBATON_FUZZ` build) or replays
/// inputs through it (a plain build).
enum FuzzDriver {
    #if BATON_FUZZ
    /// The target libFuzzer's callback runs: set once, before the driver starts.
    nonisolated(unsafe) private static var current: FuzzTarget?
    #endif

    /// Runs `target` with `arguments` (libFuzzer's options and corpus
    /// directories, or the files to replay), after `program`.
    /// - Returns: the process exit status.
    static func run(_ target: FuzzTarget, program: String, arguments: [String]) -> CInt {
        #if BATON_FUZZ
        current = target
        let maxLength = arguments.contains { $0.hasPrefix("-max_len=") } ? [] : ["-max_len=\(target.maxLength)"]
        // libFuzzer keeps argv for the whole run: these strings live as long as the process.
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = .allocate(capacity: arguments.count + 3)
        let all = [program] + maxLength + arguments
        for (index, argument) in all.enumerated() { argv?[index] = strdup(argument) }
        argv?[all.count] = nil
        var argc = CInt(all.count)
        return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            FuzzDriver.current?.check(Array(UnsafeBufferPointer(start: data, count: size)))
            return 0
        }
        #else
        return replay(target, paths: arguments)
        #endif
    }

    /// Runs every file given, and every file in every directory given, once.
    private static func replay(_ target: FuzzTarget, paths: [String]) -> CInt {
        let files = paths.flatMap { path -> [URL] in
            let url = URL(fileURLWithPath: path)
            let children = try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
            return children?.sorted { $0.path < $1.path } ?? [url]
        }
        for file in files {
            guard let data = FileManager.default.contents(atPath: file.path) else {
                FileHandle.standardError.write(Data("cannot read \(file.path)\n".utf8))
                return 1
            }
            target.check([UInt8](data))
        }
        print("\(target.name): replayed \(files.count) inputs")
        return 0
    }
}
