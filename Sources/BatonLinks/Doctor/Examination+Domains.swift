/// iOS opens the clip for a host only when the clip's entitlements list
/// `appclips:<host>` and the host's AASA lists the clip; the app needs
/// `applinks:<host>` to open invite links itself, and `appclips:<host>` so it
/// replaces the clip once installed.
extension Examination {
    /// One `service:host[?mode=…]` entry of the associated domains.
    struct AssociatedDomain {
        let service: Substring
        let host: String
        let mode: Substring?

        init?(_ text: String) {
            guard let colon = text.firstIndex(of: ":") else { return nil }
            service = text[..<colon]
            let rest = text[text.index(after: colon)...]
            let parts = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            host = parts[0].lowercased()
            mode = parts.count > 1 ? parts[1].split(separator: "=", maxSplits: 1).last : nil
        }
    }

    mutating func checkDomains() {
        let appDomains = (app.associatedDomains ?? []).compactMap(AssociatedDomain.init)
        let clipDomains = (clip.associatedDomains ?? []).compactMap(AssociatedDomain.init)
        requireDomain("appclips", in: clipDomains, owner: "clip", severity: .error, code: "appclips_domain_missing")
        requireDomain("applinks", in: appDomains, owner: "app", severity: .error, code: "applinks_domain_missing")
        requireDomain("appclips", in: appDomains, owner: "app", severity: .warning, code: "app_appclips_domain_missing")
        for (owner, domains) in [("app", appDomains), ("clip", clipDomains)] {
            for domain in domains where domain.service == "appclips" && domain.host.hasPrefix("*.") {
                add(
                    .error, "appclips_domain_wildcard",
                    "the \(owner)'s appclips:\(Finding.quoted(domain.host)) uses a wildcard, which App Clips do not support")
            }
            for domain in domains where domain.mode == "developer" {
                add(
                    .warning, "associated_domain_developer_mode",
                    "the \(owner)'s \(Finding.quoted(domain.service + ":" + domain.host)) uses mode=developer, which works only on development devices"
                )
            }
            if let host = configuration.publicHost {
                for domain in domains where ["appclips", "applinks"].contains(domain.service) && domain.host != host {
                    add(
                        .warning, "associated_domain_other_host",
                        "the \(owner) lists \(domain.service):\(Finding.quoted(domain.host)), not the public host \(Finding.quoted(host))")
                }
            }
        }
    }

    /// Requires `service:<public host>`, or any `service:` entry when no host is configured.
    private mutating func requireDomain(
        _ service: Substring, in domains: [AssociatedDomain], owner: String, severity: Finding.Severity, code: String
    ) {
        let host = configuration.publicHost
        guard !domains.contains(where: { $0.service == service && (host == nil || $0.host == host) }) else { return }
        let wanted = service + ":" + (host.map(Finding.quoted) ?? "<host>")
        add(severity, code, "the \(owner)'s \(Entitlements.associatedDomainsKey) lacks \(wanted)")
    }
}
