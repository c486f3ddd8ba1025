import Foundation

/// An invocation URL that passed every generic check, split into its parts
/// still as written (percent-encoded).
struct ValidatedURL {
    /// The host, lower-cased.
    let host: String
    /// Path components after the leading `/`, as written; `/` alone gives `[""]`.
    let pathComponents: [Substring]
    /// Query items as written; `value` is `nil` for an item without `=`.
    let queryItems: [(name: Substring, value: Substring?)]

    /// Runs the checks in their fixed order and throws the first failure:
    /// 1. length, before any parsing; 2. parse (RFC 3986 characters and `%XX`
    /// escapes, then `URLComponents`); 3. `https` scheme; 4. host present, no
    /// user info, no port other than 443; 5. host allowed; 6. path component
    /// count, then dot segments (also `%2E`-written); 7. query item count;
    /// 8. after percent-decoding, UTF-8 and no hidden characters in the host,
    /// each path component, each query name and value, and the fragment.
    init(_ url: String, limits: InvocationLimits) throws(InvocationError) {
        let bytes = url.utf8.count
        guard bytes <= limits.maxURLBytes else { throw .urlTooLong(bytes: bytes, limit: limits.maxURLBytes) }
        if let reason = PercentEncoding.problem(in: url) { throw .unparseable(reason: reason, value: url) }
        guard let components = URLComponents(string: url), let scheme = components.scheme else {
            throw .unparseable(reason: "it is not an absolute URL", value: url)
        }
        // URLComponents repairs what it cannot parse strictly (re-escaping a
        // whole component); a URL it had to repair was not valid as sent.
        guard components.string == url else { throw .unparseable(reason: "it is not strict RFC 3986", value: url) }
        guard scheme.lowercased() == "https" else { throw .schemeNotHTTPS(value: scheme) }

        // The host as written: `percentEncodedHost` would show punycode decoded.
        guard let hostRange = components.rangeOfHost, !hostRange.isEmpty else { throw .hostMissing }
        let writtenHost = url[hostRange]
        if components.percentEncodedUser != nil || components.percentEncodedPassword != nil {
            let password = components.percentEncodedPassword.map { ":" + $0 } ?? ""
            throw .userinfoNotAllowed(value: (components.percentEncodedUser ?? "") + password)
        }
        if let port = components.port, port != 443 {
            throw .portNotAllowed(value: components.rangeOfPort.map { String(url[$0]) } ?? String(port))
        }
        host = writtenHost.lowercased()
        guard limits.allows(host: host) else { throw .hostNotAllowed(value: String(writtenHost)) }

        let path = components.percentEncodedPath
        pathComponents = path.isEmpty ? [] : path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { $0 }
        guard pathComponents.count <= limits.maxPathComponents else {
            throw .tooManyPathComponents(count: pathComponents.count, limit: limits.maxPathComponents)
        }
        if let dots = pathComponents.first(where: PercentEncoding.isDotSegment) { throw .dotSegment(value: String(dots)) }

        let query = components.percentEncodedQuery ?? ""
        let items = query.isEmpty ? [] : query.split(separator: "&", omittingEmptySubsequences: false)
        guard items.count <= limits.maxQueryItems else {
            throw .tooManyQueryItems(count: items.count, limit: limits.maxQueryItems)
        }
        queryItems = items.map { item in
            guard let equals = item.firstIndex(of: "=") else { return (item, nil) }
            return (item[..<equals], item[item.index(after: equals)...])
        }

        try Self.checkDecoded(writtenHost, part: .host)
        for component in pathComponents { try Self.checkDecoded(component, part: .pathComponent) }
        for item in queryItems {
            try Self.checkDecoded(item.name, part: .queryName)
            if let value = item.value { try Self.checkDecoded(value, part: .queryValue) }
        }
        if let fragment = components.percentEncodedFragment { try Self.checkDecoded(fragment[...], part: .fragment) }
    }

    /// Values of every query item called `name`, as written.
    func queryValues(named name: String) -> [Substring] {
        queryItems.filter { $0.name == name }.map { $0.value ?? "" }
    }

    private static func checkDecoded(_ written: Substring, part: InvocationError.Part) throws(InvocationError) {
        guard let text = PercentEncoding.decoded(written) else { throw .notUTF8(part: part, value: String(written)) }
        if PercentEncoding.containsHidden(text) { throw .hiddenCharacter(part: part, value: String(written)) }
    }
}
