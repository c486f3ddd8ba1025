import Foundation

/// `baton doctor --live`: checks a running Baton's public host the way
/// Apple's CDN and Safari see it. It fetches the AASA file (no redirect
/// followed, `application/json`, at most 128 KB, valid JSON), checks it
/// against the Baton's own public configuration (`GET /v1/config/public`)
/// and, when given, the app's and the clip's entitlements, and checks an
/// invite landing page's Smart App Banner and that its path is under the
/// invite prefix. Findings are the offline doctor's; every one counts.
public struct LiveDoctor: Sendable {
    /// Largest landing page or configuration read.
    public static let pageLimit = 256 * 1024
    /// The site, `https://HOST` (or loopback `http` in tests).
    public let site: URL
    let isLoopback: Bool

    /// A doctor for `site` (scheme and host only, such as `https://invites.example.com`).
    /// `allowingLoopbackHTTP` accepts `http://127.0.0.1:PORT` and
    /// `http://localhost:PORT`, for tests against a local server.
    ///
    /// - Returns: nil when `site` is not such a URL.
    public init?(site text: String, allowingLoopbackHTTP: Bool = false) {
        guard let components = URLComponents(string: text), let host = components.host, !host.isEmpty,
            components.path.isEmpty || components.path == "/", components.query == nil, components.user == nil
        else { return nil }
        let loopback = host == "127.0.0.1" || host == "localhost"
        switch components.scheme?.lowercased() {
        case "https": break
        case "http" where allowingLoopbackHTTP && loopback: break
        default: return nil
        }
        guard let site = URL(string: "\(components.scheme ?? "https")://\(host)\(components.port.map { ":\($0)" } ?? "")") else {
            return nil
        }
        self.site = site
        isLoopback = loopback
    }

    /// Fetches and checks. `invitePage` is an invite link to check the landing page of.
    ///
    /// - Throws: ``DoctorError`` when an entitlements file is unreadable;
    ///   everything fetched is reported as findings instead.
    public func examine(appEntitlements: Data? = nil, clipEntitlements: Data? = nil, invitePage: String? = nil) throws(DoctorError)
        -> DoctorReport
    {
        var findings: [Finding] = []
        let configuration = fetchConfiguration(&findings)
        let aasa = fetchAASA(&findings)
        if let appEntitlements, let clipEntitlements {
            let doctor = Doctor(
                configuration: DoctorConfiguration(
                    teamID: configuration?.teamID, publicHost: configuration?.publicHost,
                    appBundleID: configuration?.appBundleID, clipBundleID: configuration?.clipBundleID))
            findings += try doctor.examine(appEntitlements: appEntitlements, clipEntitlements: clipEntitlements, aasa: aasa).findings
        } else if let aasa {
            let expectation = AppLinksConfiguration.expectation(
                teamID: configuration?.teamID, appBundleID: configuration?.appBundleID, clipBundleID: configuration?.clipBundleID,
                publicHost: configuration?.publicHost)
            findings += AASAValidator.validate(aasa, expecting: expectation)
        }
        if let invitePage, let configuration { checkLandingPage(invitePage, configuration, &findings) }
        return DoctorReport(findings: findings)
    }

    private func url(_ path: String) -> URL { site.appending(path: path) }

    private func fetchConfiguration(_ findings: inout [Finding]) -> PublicConfiguration? {
        let path = "/v1/config/public"
        guard case .success(let answer) = LiveFetch.get(url(path), limit: Self.pageLimit), answer.status == 200,
            let configuration = try? JSONDecoder().decode(PublicConfiguration.self, from: answer.body)
        else {
            findings.append(Finding(.error, "live_config_unavailable", "\(path) gave no public configuration: is this a Baton?"))
            return nil
        }
        let missing = [
            ("team_id", configuration.teamID), ("app_bundle_id", configuration.appBundleID), ("clip_bundle_id", configuration.clipBundleID),
        ]
        .filter { $0.1 == nil }.map(\.0)
        if !missing.isEmpty {
            findings.append(Finding(.error, "live_config_incomplete", "the Baton has no " + missing.joined(separator: ", ")))
        }
        if configuration.invitePathPrefix != "/invite/" {
            findings.append(
                Finding(
                    .error, "live_invite_prefix_unknown",
                    "the invite prefix \(Finding.quoted(configuration.invitePathPrefix)) is not /invite/"))
        }
        if !isLoopback, let host = configuration.publicHost, host.lowercased() != site.host?.lowercased() {
            findings.append(Finding(.error, "live_host_mismatch", "the Baton's public host is \(Finding.quoted(host)), not this site"))
        }
        return configuration
    }

    private func fetchAASA(_ findings: inout [Finding]) -> Data? {
        let reader = WellKnownReader(codePrefix: "aasa", name: "Apple's CDN", limitNote: "Apple accepts at most that")
        let fetched = fetchWellKnown("/.well-known/apple-app-site-association", limit: AASAValidator.sizeLimit, reader: reader)
        findings += fetched.findings
        return fetched.body
    }

    private func checkLandingPage(_ link: String, _ configuration: PublicConfiguration, _ findings: inout [Finding]) {
        guard let page = URL(string: link), page.path.hasPrefix(configuration.invitePathPrefix) else {
            return findings.append(
                Finding(
                    .error, "landing_path_not_covered", "the invite page is not under \(Finding.quoted(configuration.invitePathPrefix))"))
        }
        guard case .success(let answer) = LiveFetch.get(url(page.path), limit: Self.pageLimit), answer.status == 200,
            answer.mediaType == "text/html"
        else {
            return findings.append(Finding(.error, "landing_unavailable", "the invite page gave no HTML page (an unknown or used invite?)"))
        }
        let html = String(decoding: answer.body, as: UTF8.self)
        guard html.contains("name=\"apple-itunes-app\"") else {
            return findings.append(Finding(.error, "landing_banner_missing", "the invite page has no Smart App Banner meta tag"))
        }
        guard let store = configuration.appStoreID, let clip = configuration.clipBundleID,
            let banner = try? SmartAppBanner(appStoreID: store, clipBundleID: clip), html.contains(banner.metaTag)
        else {
            return findings.append(
                Finding(.error, "landing_banner_mismatch", "the invite page's Smart App Banner does not name this App Store id and clip"))
        }
    }
}
