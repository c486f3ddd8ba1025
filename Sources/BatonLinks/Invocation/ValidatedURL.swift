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
    /// escapes, then ``URLScanner``'s grammar; no Foundation parser, so every
    /// platform gives the same verdict); 3. `https` scheme; 4. host present, no
    /// user info, no port other than 443; 5. host allowed; 6. path component
    /// count, then dot segments (also `%2E`-written); 7. query item count;
    /// 8. after percent-decoding, UTF-8 and no hidden characters in the host,
    /// each path component, each query name and value, and the fragment.
    init(_ url: String, limits: InvocationLimits) throws(InvocationError) {
        let bytes = url.utf8.count
        guard bytes <= limits.maxURLBytes else { throw .urlTooLong(bytes: bytes, limit: limits.maxURLBytes) }
        if let reason = PercentEncoding.problem(in: url) { throw .unparseable(reason: reason, value: url) }
        let parts: URLScanner
        do throws(URLScanner.Failure) {
            parts = try URLScanner(url)
        } catch {
            throw .unparseable(reason: error.reason, value: url)
        }
        guard parts.scheme.lowercased() == "https" else { throw .schemeNotHTTPS(value: String(parts.scheme)) }

        guard let writtenHost = parts.host, !writtenHost.isEmpty else { throw .hostMissing }
        if let userinfo = parts.userinfo { throw .userinfoNotAllowed(value: String(userinfo)) }
        // Leading zeros and all: `:0443` is the default port, as RFC 3986 reads it.
        if let port = parts.port, port.drop(while: { $0 == "0" }) != "443" { throw .portNotAllowed(value: String(port)) }
        host = writtenHost.lowercased()
        guard limits.allows(host: host) else { throw .hostNotAllowed(value: String(writtenHost)) }

        let path = parts.path
        pathComponents = path.isEmpty ? [] : path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { $0 }
        guard pathComponents.count <= limits.maxPathComponents else {
            throw .tooManyPathComponents(count: pathComponents.count, limit: limits.maxPathComponents)
        }
        if let dots = pathComponents.first(where: PercentEncoding.isDotSegment) { throw .dotSegment(value: String(dots)) }

        let query = parts.query ?? ""
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
        if let fragment = parts.fragment { try Self.checkDecoded(fragment, part: .fragment) }
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
