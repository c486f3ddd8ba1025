import BatonLinks
import Foundation

/// `baton doctor`: finds the entitlement and AASA mismatches that make an App
/// Clip handoff fail silently on a device.
enum DoctorCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "doctor",
        summary: "Check the app's and the clip's entitlements (and the AASA file) for handoff mismatches.",
        options: [
            .value("app", "FILE", "The full app's .entitlements property list (required)."),
            .value("clip", "FILE", "The App Clip's .entitlements property list (required)."),
            .value("aasa", "FILE", "The apple-app-site-association document the public host serves."),
            .value("team-id", "ID", "The Apple team id (10 characters)."),
            .value("host", "HOST", "The public host of invite links (default: host of BATON_PUBLIC_BASE_URL)."),
            .value("app-bundle-id", "ID", "The full app's bundle id."),
            .value("clip-bundle-id", "ID", "The App Clip's bundle id."),
            .flag("json", "Print the findings as one JSON object."),
        ],
        discussion: """
            Reports App Group identifiers that differ (case included), a clip bundle id that is
            not the app's plus a suffix, parent-application-identifiers not naming the app,
            appclips:/applinks: domains missing or not matching the public host, and an AASA
            file that does not list the clip. Exit 0 with no errors (warnings allowed), 1 when
            errors were found, 2 when an input can't be read.
            """,
        examples: ["baton doctor --app App/App.entitlements --clip Clip/Clip.entitlements --team-id ABCDE12345 --host baton.example"]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        guard let app = arguments.string("app"), let clip = arguments.string("clip") else {
            throw UsageError("--app FILE and --clip FILE are required")
        }
        let host =
            arguments.string("host")
            ?? ProcessInfo.processInfo.environment["BATON_PUBLIC_BASE_URL"].flatMap { URL(string: $0)?.host }
        let doctor = Doctor(
            configuration: DoctorConfiguration(
                teamID: arguments.string("team-id"), publicHost: host,
                appBundleID: arguments.string("app-bundle-id"), clipBundleID: arguments.string("clip-bundle-id")
            ))
        let report = try doctor.examine(
            appEntitlements: read(app, option: "app"),
            clipEntitlements: read(clip, option: "clip"),
            aasa: arguments.string("aasa").map { try read($0, option: "aasa") }
        )
        if arguments.flag("json") {
            console.out(report.jsonLine)
        } else {
            report.humanLines.forEach(console.out)
        }
        return report.exitCode == 0 ? .success : .checkFailed
    }

    private static func read(_ path: String, option: String) throws -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("--\(option): can't read \(path)")
        }
        return data
    }
}
