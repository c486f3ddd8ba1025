import SafeText

/// The first check an invocation URL failed, in the order of
/// ``Invocation/init(url:limits:)``.
///
/// Values are carried **as written** in the URL — still percent-encoded,
/// never decoded — so a report shows what was sent rather than what it might
/// mean; ``message`` escapes them with ``SafeText`` all the same, because a
/// raw URL can hold anything.
public enum InvocationError: Error, Equatable, Sendable {
    /// Which part of the URL a value came from.
    public enum Part: String, Sendable {
        case host, pathComponent = "path_component", queryName = "query_name", queryValue = "query_value", fragment
    }

    /// 1. Longer than ``InvocationLimits/maxURLBytes``; nothing was parsed.
    case urlTooLong(bytes: Int, limit: Int)
    /// 2. Not strict RFC 3986 text, or not an absolute URL; `value` is the URL.
    case unparseable(reason: String, value: String)
    /// 3. Any scheme but `https`.
    case schemeNotHTTPS(value: String)
    /// 4. No host.
    case hostMissing
    /// 4. A user name or password before the host.
    case userinfoNotAllowed(value: String)
    /// 4. A port other than 443.
    case portNotAllowed(value: String)
    /// 5. A host not in ``InvocationLimits/allowedHosts``.
    case hostNotAllowed(value: String)
    /// 6. More path components than ``InvocationLimits/maxPathComponents``.
    case tooManyPathComponents(count: Int, limit: Int)
    /// 6. A `.` or `..` path component, however its dots are written.
    case dotSegment(value: String)
    /// 7. More query items than ``InvocationLimits/maxQueryItems``.
    case tooManyQueryItems(count: Int, limit: Int)
    /// 8. A part whose percent-decoded bytes are not UTF-8.
    case notUTF8(part: Part, value: String)
    /// 8. A part that decodes to a control or format character.
    case hiddenCharacter(part: Part, value: String)
    /// 9. A default App Clip link whose `p` is missing, repeated or malformed.
    case bundleIDInvalid(value: String)
    /// 9. A default App Clip link for a clip not in ``InvocationLimits/clipBundleIDs``.
    case bundleIDNotAllowed(value: String)
    /// 9. A path that carries no invite.
    case notAnInvitePath(value: String)
    /// 9. No token or code anywhere.
    case credentialMissing
    /// 9. More than one token or code.
    case credentialAmbiguous
    /// The token or code is malformed. Its text is not carried: a near miss of
    /// a real secret does not belong in logs.
    case credential(CredentialError)

    /// Stable machine code: the `reason` of the API's `invalid_invocation`.
    /// A bad credential reports the ``CredentialError/code`` itself.
    public var code: String {
        switch self {
        case .urlTooLong: "url_too_long"
        case .unparseable: "url_unparseable"
        case .schemeNotHTTPS: "scheme_not_https"
        case .hostMissing: "host_missing"
        case .userinfoNotAllowed: "userinfo_not_allowed"
        case .portNotAllowed: "port_not_allowed"
        case .hostNotAllowed: "host_not_allowed"
        case .tooManyPathComponents: "too_many_path_components"
        case .dotSegment: "dot_segment"
        case .tooManyQueryItems: "too_many_query_items"
        case .notUTF8: "percent_encoding_not_utf8"
        case .hiddenCharacter: "hidden_character"
        case .bundleIDInvalid: "bundle_id_invalid"
        case .bundleIDNotAllowed: "bundle_id_not_allowed"
        case .notAnInvitePath: "not_an_invite_path"
        case .credentialMissing: "credential_missing"
        case .credentialAmbiguous: "credential_ambiguous"
        case .credential(let error): error.code
        }
    }

    /// The offending value as written in the URL, if the check has one.
    /// Untrusted: escape it (``SafeText``) before showing it anywhere.
    public var value: String? {
        switch self {
        case .unparseable(_, let value), .schemeNotHTTPS(let value), .userinfoNotAllowed(let value),
            .portNotAllowed(let value), .hostNotAllowed(let value), .dotSegment(let value),
            .notUTF8(_, let value), .hiddenCharacter(_, let value), .bundleIDInvalid(let value),
            .bundleIDNotAllowed(let value), .notAnInvitePath(let value):
            value
        case .urlTooLong, .hostMissing, .tooManyPathComponents, .tooManyQueryItems, .credentialMissing, .credentialAmbiguous,
            .credential:
            nil
        }
    }

    /// The URL part the value came from, for the checks that name one.
    public var part: Part? {
        switch self {
        case .notUTF8(let part, _), .hiddenCharacter(let part, _): part
        default: nil
        }
    }

    /// A sentence for people, with any value escaped; safe for terminals and logs.
    public var message: String {
        let shown = value.map { "“" + SafeText.escaped($0) + "”" } ?? ""
        let place = part.map { " in the " + $0.rawValue.split(separator: "_").joined(separator: " ") } ?? ""
        return switch self {
        case .urlTooLong(let bytes, let limit): "the URL is \(bytes) bytes; the limit is \(limit)"
        case .unparseable(let reason, _): "the URL cannot be parsed: \(reason)"
        case .schemeNotHTTPS: "the scheme \(shown) is not https"
        case .hostMissing: "the URL has no host"
        case .userinfoNotAllowed: "the URL carries a user name or password \(shown)"
        case .portNotAllowed: "the port \(shown) is not allowed; invite links use the default https port"
        case .hostNotAllowed: "the host \(shown) is not one of the invite hosts"
        case .tooManyPathComponents(let count, let limit): "the path has \(count) components; the limit is \(limit)"
        case .dotSegment: "the path contains the dot segment \(shown)"
        case .tooManyQueryItems(let count, let limit): "the query has \(count) items; the limit is \(limit)"
        case .notUTF8: "\(shown)\(place) does not decode to UTF-8"
        case .hiddenCharacter: "\(shown)\(place) decodes to a control or format character"
        case .bundleIDInvalid: "the App Clip bundle identifier \(shown) is malformed"
        case .bundleIDNotAllowed: "the App Clip bundle identifier \(shown) is not this service's clip"
        case .notAnInvitePath: "the path \(shown) is not an invite path"
        case .credentialMissing: "the URL carries no invite token or code"
        case .credentialAmbiguous: "the URL carries more than one invite token or code"
        case .credential(let error): "the invite credential is not valid: \(error.message)"
        }
    }
}

extension InvocationError: CustomStringConvertible {
    public var description: String { "\(code): \(message)" }
}
