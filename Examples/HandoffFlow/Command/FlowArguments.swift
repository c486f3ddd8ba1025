import Foundation

/// The command line: a subcommand, then `--name value` options and `--flag`s.
/// Defaults come from the `BATON_*` variables `baton dev` writes to
/// `.baton/baton.env`, so that after `set -a; . .baton/baton.env; set +a`
/// no option is needed.
struct FlowArguments: Sendable {
    /// Options that take no value.
    static let flags: Set<String> = ["help", "typed"]

    /// The subcommand (`clip`, `app`, `run`), or nil.
    let command: String?
    private let values: [String: String]
    private let environment: [String: String]

    /// Parses `arguments` (without the program name).
    /// - Throws: ``UsageError`` for a stray word, an unknown flag form or a missing value.
    init(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) throws(UsageError) {
        var rest = arguments[...]
        command = rest.first.flatMap { $0.hasPrefix("--") ? nil : $0 }
        if command != nil { rest = rest.dropFirst() }
        var values: [String: String] = [:]
        while let word = rest.popFirst() {
            guard word.hasPrefix("--"), word.count > 2 else { throw UsageError("unexpected argument; options start with --") }
            let name = String(word.dropFirst(2))
            if Self.flags.contains(name) {
                values[name] = "true"
            } else {
                guard let value = rest.popFirst() else { throw UsageError("--\(name) needs a value") }
                values[name] = value
            }
        }
        self.values = values
        self.environment = environment
    }

    /// The value of `--name`, or nil.
    func value(_ name: String) -> String? { values[name] }

    /// Whether `--name` was given.
    func flag(_ name: String) -> Bool { values[name] != nil }

    /// Baton's API: `--server`, else `http://` + `BATON_LISTEN`, else `http://127.0.0.1:8080`.
    func server() throws(UsageError) -> URL {
        let text = value("server") ?? environment["BATON_LISTEN"].map { "http://" + $0 } ?? "http://127.0.0.1:8080"
        guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            throw UsageError("--server must be an http(s) URL")
        }
        return url
    }

    /// The invite links' host: `--public-host`, else the host of `BATON_PUBLIC_BASE_URL`, else `baton.example`.
    var publicHost: String {
        value("public-host") ?? environment["BATON_PUBLIC_BASE_URL"].flatMap { URL(string: $0)?.host } ?? "baton.example"
    }

    /// The clip's bundle id: `--clip-bundle-id`, else `BATON_CLIP_BUNDLE_ID`, else `com.example.family.Clip`.
    var clipBundleID: String {
        value("clip-bundle-id") ?? environment["BATON_CLIP_BUNDLE_ID"] ?? "com.example.family.Clip"
    }

    /// The typed code length: `--code-length`, else `BATON_CODE_LENGTH`, else 10.
    func codeLength() throws(UsageError) -> Int {
        guard let length = Int(value("code-length") ?? environment["BATON_CODE_LENGTH"] ?? "10") else {
            throw UsageError("--code-length must be a number")
        }
        return length
    }

    /// The shared secret of redeemer JWTs: `--jwt-secret`, else `BATON_REDEEMER_JWT_SECRET`.
    var jwtSecret: String? { value("jwt-secret") ?? environment["BATON_REDEEMER_JWT_SECRET"] }

    /// Where App Group containers live: `--group-containers`, else `.baton/group-containers`.
    var groupContainers: URL {
        URL(fileURLWithPath: value("group-containers") ?? ".baton/group-containers", isDirectory: true)
    }
}

/// A command line that cannot be run; exit status 2.
struct UsageError: Error, Sendable {
    /// What is wrong, in the tool's own words.
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
