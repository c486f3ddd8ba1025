/// A broker address from a `redis://` or `nats://` URL, parsed strictly:
/// `scheme://[user[:password]@]host[:port][/database]`, nothing else (no
/// query, no fragment, no second address). The password never appears in
/// `description`, `debugDescription` or a mirror.
public struct DestinationURL: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The scheme, lowercased (`redis`, `nats`).
    public let scheme: String
    /// The host name or address; an IPv6 address without its brackets.
    public let host: String
    /// The port, the scheme's default when the URL gives none.
    public let port: Int
    /// The user name, percent-decoded, if the URL has one.
    public let user: String?
    /// The password, percent-decoded, if the URL has one. Never logged.
    public let password: String?
    /// The path's number (Redis's database), if the URL has a path.
    public let database: Int?

    /// Parses `text` as a URL of `scheme` with `defaultPort`; a path is
    /// allowed only when `allowsDatabase`, and must then be `/N`.
    /// - Throws: ``DestinationError`` of kind `invalid_url`, whose message
    ///   never quotes the URL (it may hold a password).
    public init(_ text: String, scheme: String, defaultPort: Int, allowsDatabase: Bool) throws(DestinationError) {
        func invalid(_ why: String) -> DestinationError { DestinationError(.invalidURL, "the \(scheme) URL \(why)") }
        let prefix = scheme + "://"
        guard text.lowercased().hasPrefix(prefix) else { throw invalid("must start with \(prefix)") }
        var rest = Substring(text.dropFirst(prefix.count))
        guard rest.allSatisfy({ $0.isASCII && !$0.isWhitespace && $0.asciiValue.map { $0 >= 0x21 && $0 < 0x7F } == true }) else {
            throw invalid("has spaces, control or non-ASCII characters")
        }
        guard !rest.contains("?"), !rest.contains("#") else { throw invalid("must not have a query or fragment") }
        var database: Int?
        if let slash = rest.firstIndex(of: "/") {
            guard allowsDatabase else { throw invalid("must not have a path") }
            let path = rest[rest.index(after: slash)...]
            rest = rest[..<slash]
            if !path.isEmpty {
                guard path.count <= 5, path.allSatisfy(\.isASCIINumber), let number = Int(path) else {
                    throw invalid("path must be a database number")
                }
                database = number
            }
        }
        var user: String?
        var password: String?
        if let at = rest.lastIndex(of: "@") {
            let info = rest[..<at]
            rest = rest[rest.index(after: at)...]
            let colon = info.firstIndex(of: ":")
            guard let name = Self.percentDecoded(colon.map { info[..<$0] } ?? info) else { throw invalid("has a malformed user name") }
            user = name.isEmpty ? nil : name
            if let colon {
                guard let decoded = Self.percentDecoded(info[info.index(after: colon)...]) else {
                    throw invalid("has a malformed password")
                }
                password = decoded
            }
        }
        guard let (host, port) = Self.hostAndPort(rest) else { throw invalid("must name a host and an optional port 1-65535") }
        self.scheme = scheme
        self.host = host
        self.port = port ?? defaultPort
        self.user = user
        self.password = password
        self.database = database
    }

    /// `host[:port]` or `[v6]:port`; nil when malformed.
    private static func hostAndPort(_ text: Substring) -> (String, Int?)? {
        var host = text
        var portText: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            host = text[text.index(after: text.startIndex)..<close]
            let after = text[text.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                portText = after.dropFirst()
            }
            guard !host.isEmpty, host.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
        } else {
            if let colon = text.firstIndex(of: ":") {
                host = text[..<colon]
                portText = text[text.index(after: colon)...]
            }
            let allowed = { (c: Character) in c.isASCII && (c.isLetter || c.isNumber || c == "-" || c == ".") }
            guard !host.isEmpty, host.count <= 253, host.allSatisfy(allowed) else { return nil }
        }
        guard let portText else { return (String(host), nil) }
        guard (1...5).contains(portText.count), portText.allSatisfy(\.isASCIINumber), let port = Int(portText), (1...65535).contains(port)
        else { return nil }
        return (String(host), port)
    }

    /// `%XX` escapes decoded as UTF-8; nil for a broken escape or invalid UTF-8.
    private static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "%" {
                let digits = text[text.index(after: index)...].prefix(2)
                guard digits.count == 2, let byte = UInt8(digits, radix: 16) else { return nil }
                bytes.append(byte)
                index = text.index(index, offsetBy: 3)
            } else {
                bytes.append(contentsOf: character.utf8)
                index = text.index(after: index)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The URL with the password replaced by `***`: safe for logs and lists.
    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        let credentials = user.map { $0 + (password == nil ? "" : ":***") + "@" } ?? (password == nil ? "" : ":***@")
        return "\(scheme)://\(credentials)\(shownHost):\(port)" + (database.map { "/\($0)" } ?? "")
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: ["url": description], displayStyle: .struct)
    }
}

extension Character {
    fileprivate var isASCIINumber: Bool { isASCII && isNumber }
}
