import BatonLinks
import Foundation

/// `baton check-url URL…`: validates App Clip invocation URLs exactly as the
/// clip and `POST /v1/invocations` do, without a server or database.
enum CheckURLCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "check-url",
        summary: "Validate App Clip invocation URLs and say which check fails first.",
        positionals: "URL...",
        positionalCount: 1...1000,
        options: [
            .value("host", "HOST", "An allowed host (default: the host of BATON_PUBLIC_BASE_URL).", repeats: true),
            .value("clip-bundle-id", "ID", "An App Clip bundle id accepted in appclip.apple.com links.", repeats: true),
            .value("code-length", "N", "Typed code length, 6-16 (default 10)."),
            .flag("json", "Print one JSON object per URL."),
        ],
        discussion: """
            Checks, in order: length, parse, https, host, allowed host, path components and
            dot segments, query items, hidden characters after percent-decoding; then resolves
            the invite credential. A failure names the first failed check with a stable code
            and the offending part as written (still percent-encoded, hidden characters escaped).
            Exit 0 when every URL is valid, 1 when any is invalid, 2 on usage errors.
            """,
        examples: [
            "baton check-url --host baton.example https://baton.example/invite/0123456789ABCDEFGHJKMNPQRS",
            "baton check-url --host baton.example 'https://baton.example/invite/%E2%80%AEx'   # invalid: hidden_character",
        ]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        var hosts = arguments.strings("host")
        if hosts.isEmpty, let base = ProcessInfo.processInfo.environment["BATON_PUBLIC_BASE_URL"], let host = URL(string: base)?.host {
            hosts = [host]
        }
        guard !hosts.isEmpty else { throw UsageError("give --host HOST (or set BATON_PUBLIC_BASE_URL)") }
        let codeLength = try arguments.int("code-length", in: InviteCode.allowedLengths) ?? InviteCode.defaultLength
        let limits = InvocationLimits(allowedHosts: hosts, clipBundleIDs: arguments.strings("clip-bundle-id"), codeLength: codeLength)
        let verdicts = arguments.positionals.map { InvocationVerdict(checking: $0, limits: limits) }
        for verdict in verdicts {
            console.out(arguments.flag("json") ? verdict.jsonLine : verdict.humanLine)
        }
        return verdicts.allSatisfy(\.isValid) ? .success : .checkFailed
    }
}
