/// Resolving a validated URL to the link form and credential it carries.
extension Invocation {
    /// The path that carries invites on the service's own host.
    static let invitePathComponent = "invite"

    static func defaultAppClipForm(of url: ValidatedURL, limits: InvocationLimits) throws(InvocationError) -> Form {
        guard url.pathComponents == ["id"] else { throw .notAnInvitePath(value: writtenPath(url)) }
        let written = url.queryValues(named: "p")
        // None is reported as the empty value, several by the first extra one.
        guard written.count == 1, let first = written.first else { throw .bundleIDInvalid(value: String(written.dropFirst().first ?? "")) }
        guard let bundleID = PercentEncoding.decoded(first), AppleIdentifiers.isBundleID(bundleID) else {
            throw .bundleIDInvalid(value: String(first))
        }
        guard limits.clipBundleIDs.contains(bundleID) else { throw .bundleIDNotAllowed(value: String(first)) }
        return .defaultAppClipLink(bundleID: bundleID)
    }

    /// `/invite/<token>` (a trailing `/` tolerated), or `/invite` and
    /// `/invite/` with a `token` or `code` query item; never both.
    static func inviteLinkCredential(of url: ValidatedURL, codeLength: Int) throws(InvocationError) -> Credential {
        let path = url.pathComponents
        guard path.first == Substring(invitePathComponent), path.count <= 3 else {
            throw .notAnInvitePath(value: writtenPath(url))
        }
        let tokenInPath = path.count >= 2 ? path[1] : ""
        guard path.count < 3 || path[2].isEmpty else { throw .notAnInvitePath(value: writtenPath(url)) }
        if tokenInPath.isEmpty { return try queryCredential(of: url, codeLength: codeLength) }
        guard url.queryValues(named: "token").isEmpty, url.queryValues(named: "code").isEmpty else {
            throw .credentialAmbiguous
        }
        return .token(try parse(tokenInPath) { text throws(CredentialError) in try LinkToken(parsing: text) })
    }

    /// Exactly one `token` or `code` query item.
    static func queryCredential(of url: ValidatedURL, codeLength: Int) throws(InvocationError) -> Credential {
        let tokens = url.queryValues(named: "token")
        let codes = url.queryValues(named: "code")
        switch (tokens.count, codes.count) {
        case (0, 0):
            throw .credentialMissing
        case (1, 0):
            return .token(try parse(tokens[0]) { text throws(CredentialError) in try LinkToken(parsing: text) })
        case (0, 1):
            return .code(try parse(codes[0]) { text throws(CredentialError) in try InviteCode(parsing: text, length: codeLength) })
        default:
            throw .credentialAmbiguous
        }
    }

    private static func parse<Value>(
        _ written: Substring, as read: (String) throws(CredentialError) -> Value
    ) throws(InvocationError) -> Value {
        // The generic checks already proved the decoded text is UTF-8.
        let text = PercentEncoding.decoded(written) ?? ""
        do {
            return try read(text)
        } catch {
            throw .credential(error)
        }
    }

    private static func writtenPath(_ url: ValidatedURL) -> String {
        url.pathComponents.isEmpty ? "" : "/" + url.pathComponents.joined(separator: "/")
    }
}
