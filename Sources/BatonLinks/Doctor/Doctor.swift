import Foundation

/// Finds the mismatches between an app, its App Clip and the AASA document
/// that make an invite handoff fail silently: the clip writes into an App
/// Group the app never reads, the clip is not the app's, or iOS never opens
/// the clip for the invite host.
///
/// A pure function of its inputs, so `baton doctor` and tests share it.
public struct Doctor: Sendable {
    /// What the files are compared against.
    public let configuration: DoctorConfiguration

    /// A doctor with the given expectations (none by default).
    public init(configuration: DoctorConfiguration = DoctorConfiguration()) {
        self.configuration = configuration
    }

    /// Examines the two entitlement files (property lists, XML or binary) and,
    /// if given, the AASA document served on the public host.
    ///
    /// - Throws: ``DoctorError`` when an entitlements file is too large, not a
    ///   property list or not a dictionary. A bad AASA document is a finding.
    public func examine(appEntitlements: Data, clipEntitlements: Data, aasa: Data? = nil) throws(DoctorError) -> DoctorReport {
        let app = try Entitlements(appEntitlements, input: .appEntitlements)
        let clip = try Entitlements(clipEntitlements, input: .clipEntitlements)
        var examination = Examination(configuration: configuration, app: app, clip: clip)
        examination.checkTypes()
        examination.checkAppGroups()
        examination.checkIdentities()
        examination.checkDomains()
        if let aasa { examination.checkAASA(aasa) }
        return DoctorReport(findings: examination.findings)
    }
}

/// The result of ``Doctor/examine(appEntitlements:clipEntitlements:aasa:)``.
public struct DoctorReport: Equatable, Sendable {
    /// Every mismatch found, in the order checked.
    public let findings: [Finding]

    /// A report of `findings`, such as ``AssetLinksValidator``'s.
    public init(findings: [Finding]) {
        self.findings = findings
    }

    /// 0 when no finding is an error (warnings alone pass), 1 otherwise.
    /// Unreadable input (exit 2) is a thrown ``DoctorError`` instead.
    public var exitCode: Int32 { findings.hasErrors ? 1 : 0 }

    /// Lines for a terminal, errors first, values escaped.
    public var humanLines: [String] { findings.humanLines }

    /// One JSON object (`ok`, `errors`, `warnings`, `findings`), values escaped.
    public var jsonLine: String { findings.jsonLine }
}
