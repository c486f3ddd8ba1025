/// A URL split by the RFC 3986 grammar, on the raw string and with no
/// Foundation parser, so the verdict is the same on every platform (iOS 16
/// and macOS 13 parse with an older `URLComponents` than iOS 17 and Linux).
///
/// Only absolute URLs without an IP literal host are read: `[` and `]` are
/// refused beforehand by ``PercentEncoding/problem(in:)``, which also proves
/// every `%` starts a `%XX` escape. Parts are kept as written.
struct URLScanner {
    /// Why a string is not an absolute RFC 3986 URL.
    enum Failure: Error, Equatable {
        /// No `scheme:` at the start.
        case notAbsolute
        /// A character in a part whose grammar does not allow it.
        case notStrict

        /// The reason as ``InvocationError/unparseable(reason:value:)`` gives it.
        var reason: String {
            switch self {
            case .notAbsolute: "it is not an absolute URL"
            case .notStrict: "it is not strict RFC 3986"
            }
        }
    }

    /// `scheme`, as written.
    let scheme: Substring
    /// The authority's user info (before `@`), if there is one.
    let userinfo: Substring?
    /// The host as written; nil without an authority (`//`), empty for `https:///`.
    let host: Substring?
    /// The port's digits as written; nil when absent or empty.
    let port: Substring?
    /// The path, as written; empty or starting with `/` after an authority.
    let path: Substring
    /// After `?` and before `#`, if there is a `?`.
    let query: Substring?
    /// After `#`, if there is a `#`.
    let fragment: Substring?

    /// Splits `url`, which must have passed ``PercentEncoding/problem(in:)``.
    ///
    /// - Throws: ``Failure``.
    init(_ url: String) throws(Failure) {
        let colon = url.utf8.firstIndex(of: UInt8(ascii: ":"))
        guard let colon, let first = url.utf8.first, Self.isAlpha(first),
            url.utf8[..<colon].allSatisfy(Self.isSchemeCharacter)
        else { throw .notAbsolute }
        scheme = url[..<colon]
        var rest = url[url.index(after: colon)...]

        if let hash = rest.firstIndex(of: "#") {
            fragment = rest[rest.index(after: hash)...]
            rest = rest[..<hash]
        } else {
            fragment = nil
        }
        if let question = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: question)...]
            rest = rest[..<question]
        } else {
            query = nil
        }
        if rest.hasPrefix("//") {
            let authorityStart = rest.index(rest.startIndex, offsetBy: 2)
            let pathStart = rest[authorityStart...].firstIndex(of: "/") ?? rest.endIndex
            (userinfo, host, port) = try Self.authority(rest[authorityStart..<pathStart])
            path = rest[pathStart...]
        } else {
            (userinfo, host, port) = (nil, nil, nil)
            path = rest
        }
        guard path.utf8.allSatisfy({ Self.isPathCharacter($0) || $0 == UInt8(ascii: "/") }),
            query?.utf8.allSatisfy(Self.isQueryCharacter) ?? true,
            fragment?.utf8.allSatisfy(Self.isQueryCharacter) ?? true
        else { throw .notStrict }
    }

    /// `[ userinfo "@" ] host [ ":" port ]`: one `@` at most, a host of
    /// reg-name characters, a port of digits.
    private static func authority(_ text: Substring) throws(Failure) -> (Substring?, Substring, Substring?) {
        var hostPort = text
        var userinfo: Substring?
        if let at = text.firstIndex(of: "@") {
            userinfo = text[..<at]
            hostPort = text[text.index(after: at)...]
        }
        var host = hostPort
        var port: Substring?
        if let colon = hostPort.firstIndex(of: ":") {
            host = hostPort[..<colon]
            let digits = hostPort[hostPort.index(after: colon)...]
            guard digits.utf8.allSatisfy(isDigit) else { throw .notStrict }
            port = digits.isEmpty ? nil : digits
        }
        guard userinfo?.utf8.allSatisfy({ isRegNameCharacter($0) || $0 == UInt8(ascii: ":") }) ?? true,
            host.utf8.allSatisfy(isRegNameCharacter)
        else { throw .notStrict }
        return (userinfo, host, port)
    }

    // The character classes of RFC 3986 section 2 and appendix A; `%` stands
    // for a whole pct-encoded triple, already checked.

    private static func isAlpha(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isSchemeCharacter(_ byte: UInt8) -> Bool {
        isAlpha(byte) || isDigit(byte) || "+-.".utf8.contains(byte)
    }

    /// unreserved / pct-encoded / sub-delims.
    private static func isRegNameCharacter(_ byte: UInt8) -> Bool {
        isAlpha(byte) || isDigit(byte) || "-._~%!$&'()*+,;=".utf8.contains(byte)
    }

    /// pchar: reg-name characters, `:` and `@`.
    private static func isPathCharacter(_ byte: UInt8) -> Bool {
        isRegNameCharacter(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "@")
    }

    /// Query and fragment: pchar, `/` and `?`.
    private static func isQueryCharacter(_ byte: UInt8) -> Bool {
        isPathCharacter(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?")
    }
}
