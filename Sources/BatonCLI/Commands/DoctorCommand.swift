import BatonLinks
import Foundation

/// `baton doctor`: finds the entitlement and AASA mismatches that make an App
/// Clip handoff fail silently on a device.
enum DoctorCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "doctor",
        summary: "Check the app's and the clip's entitlements (and the AASA file) for handoff mismatches.",
        options: [
            .value("app", "FILE", "The full app's .entitlements property list (required without --live)."),
            .value("clip", "FILE", "The App Clip's .entitlements property list (required without --live)."),
            .value(
                "live", "URL", "Check a running Baton at https://HOST: its AASA file as Apple's CDN fetches it, its public configuration."),
            .value("invite", "LINK", "With --live: an invite link whose landing page's Smart App Banner is checked."),
            .value("aasa", "FILE", "The apple-app-site-association document the public host serves."),
            .value("team-id", "ID", "The Apple team id (10 characters)."),
            .value("host", "HOST", "The public host of invite links (default: host of BATON_PUBLIC_BASE_URL)."),
            .value("app-bundle-id", "ID", "The full app's bundle id."),
            .value("clip-bundle-id", "ID", "The App Clip's bundle id."),
            .flag("android", "Check Android App Links instead: an assetlinks.json (--assetlinks FILE or --live https://HOST)."),
            .value("assetlinks", "FILE", "With --android: the assetlinks.json the public host serves."),
            .value("package", "NAME", "With --android: the app's package name (default: BATON_ANDROID_PACKAGE)."),
            .value(
                "cert-fingerprint", "SHA256",
                "With --android: a signing certificate's SHA-256 that must be listed (default: BATON_ANDROID_CERT_FINGERPRINTS).",
                repeats: true),
            .flag("json", "Print the findings as one JSON object."),
        ],
        discussion: """
            Reports App Group identifiers that differ (case included), a clip bundle id that is
            not the app's plus a suffix, parent-application-identifiers not naming the app,
            appclips:/applinks: domains missing or not matching the public host, and an AASA
            file that does not list the clip. Exit 0 with no errors (warnings allowed), 1 when
            errors were found, 2 when an input can't be read.

            With --live https://HOST it fetches /.well-known/apple-app-site-association as Apple's
            CDN does (no redirect, application/json, 128 KB, valid JSON) and /v1/config/public,
            checks the AASA against that configuration and the entitlements (--app and --clip,
            optional), and with --invite the landing page's Smart App Banner. Exit 1 on any finding.

            With --android it checks Android App Links: the assetlinks.json from --assetlinks FILE,
            or fetched from --live https://HOST as Android's verifier does (no redirect, HTTP 200,
            application/json, 128 KB), is a JSON array with an android_app statement granting
            delegate_permission/common.handle_all_urls to --package, whose fingerprints are SHA-256
            in upper-case colon hex and list every --cert-fingerprint. Exit 1 on any finding.
            """,
        examples: [
            "baton doctor --app App/App.entitlements --clip Clip/Clip.entitlements --team-id ABCDE12345 --host baton.example",
            "baton doctor --live https://invites.example.com --app App.entitlements --clip Clip.entitlements",
            "baton doctor --android --live https://invites.example.com --package com.example.family --cert-fingerprint AB:CD:…",
        ]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        if arguments.flag("android") { return try runAndroid(arguments, console: console) }
        if let site = arguments.string("live") { return try runLive(site, arguments, console: console) }
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
        show(report, arguments, console: console)
        return report.exitCode == 0 ? .success : .checkFailed
    }

    /// `--live`: every finding fails, warnings included; the site is what devices see now.
    static func runLive(_ site: String, _ arguments: ParsedArguments, console: Console, allowingLoopbackHTTP: Bool = false) throws
        -> ExitCode
    {
        guard let doctor = LiveDoctor(site: site, allowingLoopbackHTTP: allowingLoopbackHTTP) else {
            throw UsageError("--live must be https://HOST (scheme and host only)")
        }
        let app = arguments.string("app")
        let clip = arguments.string("clip")
        guard (app == nil) == (clip == nil) else { throw UsageError("give both --app FILE and --clip FILE, or neither") }
        let report = try doctor.examine(
            appEntitlements: try app.map { try read($0, option: "app") }, clipEntitlements: try clip.map { try read($0, option: "clip") },
            invitePage: arguments.string("invite"))
        show(report, arguments, console: console)
        return report.findings.isEmpty ? .success : .checkFailed
    }

    /// `--android`: an assetlinks.json from a file or a live host; every finding fails.
    static func runAndroid(_ arguments: ParsedArguments, console: Console, allowingLoopbackHTTP: Bool = false) throws -> ExitCode {
        let environment = ProcessInfo.processInfo.environment
        let package = arguments.string("package") ?? environment["BATON_ANDROID_PACKAGE"].flatMap { $0.isEmpty ? nil : $0 }
        var fingerprints = arguments.strings("cert-fingerprint")
        if fingerprints.isEmpty, let configured = environment["BATON_ANDROID_CERT_FINGERPRINTS"] {
            fingerprints = configured.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        if let malformed = fingerprints.first(where: { !AssetLinksValidator.isFingerprint($0.uppercased()) }) {
            throw UsageError("--cert-fingerprint \(malformed) is not a SHA-256 fingerprint (32 hex bytes joined by colons)")
        }
        let report: DoctorReport
        switch (arguments.string("assetlinks"), arguments.string("live")) {
        case (let file?, nil):
            report = DoctorReport(
                findings: AssetLinksValidator.validate(try read(file, option: "assetlinks"), package: package, fingerprints: fingerprints))
        case (nil, let site?):
            guard let doctor = LiveDoctor(site: site, allowingLoopbackHTTP: allowingLoopbackHTTP) else {
                throw UsageError("--live must be https://HOST (scheme and host only)")
            }
            report = doctor.examineAssetLinks(package: package, fingerprints: fingerprints)
        default:
            throw UsageError("--android needs --assetlinks FILE or --live https://HOST, one of them")
        }
        show(report, arguments, console: console)
        return report.findings.isEmpty ? .success : .checkFailed
    }

    private static func show(_ report: DoctorReport, _ arguments: ParsedArguments, console: Console) {
        if arguments.flag("json") {
            console.out(report.jsonLine)
        } else {
            report.humanLines.forEach(console.out)
        }
    }

    private static func read(_ path: String, option: String) throws -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("--\(option): can't read \(path)")
        }
        return data
    }
}
