import Foundation
import Testing

@testable import BatonLinks

@Suite("RFC 3986 scanner and its Foundation cross-check", .timeLimit(.minutes(10)))
struct URLScannerTests {
    /// What a parser made of a URL: nil when it refused it, else its parts as written.
    struct Parts: Equatable, CustomStringConvertible {
        var scheme, userinfo, host, port, path, query, fragment: String?
        var description: String {
            [scheme, userinfo, host, port, path, query, fragment].map { $0 ?? "∅" }.joined(separator: " | ")
        }
    }

    static func scanned(_ url: String) -> Parts? {
        guard PercentEncoding.problem(in: url) == nil, let parts = try? URLScanner(url) else { return nil }
        return Parts(
            scheme: String(parts.scheme), userinfo: parts.userinfo.map(String.init), host: parts.host.map(String.init),
            port: parts.port.map(String.init), path: String(parts.path), query: parts.query.map(String.init),
            fragment: parts.fragment.map(String.init))
    }

    /// What ValidatedURL used to rely on: `URLComponents`, accepted only when it round-trips the input.
    static func foundation(_ url: String) -> Parts? {
        guard PercentEncoding.problem(in: url) == nil, let components = URLComponents(string: url), let scheme = components.scheme,
            components.string == url
        else { return nil }
        let user = components.percentEncodedUser
        let password = components.percentEncodedPassword
        return Parts(
            scheme: scheme,
            userinfo: user == nil && password == nil ? nil : (user ?? "") + (password.map { ":" + $0 } ?? ""),
            host: components.rangeOfHost.map { String(url[$0]) }, port: components.rangeOfPort.map { String(url[$0]) },
            path: components.percentEncodedPath, query: components.percentEncodedQuery, fragment: components.percentEncodedFragment)
    }

    static let extra = [
        "https://baton.example:/invite/x", "https://:443/x", "https://baton.example/a#b#c", "https://a@b@c/",
        "https://baton.example:44a3/", "https://baton.example/invite?x=1?y", "https:/invite", "https://baton.example:0443/x",
        "https://user:@baton.example/", "https://baton.example/a:b@c", "1https://x", "ht+tp://x/y", "https://bat_on.example/",
        "https://baton.example/invite/x?", "https://baton.example/invite/x#", "https://baton.example?x", "https://baton.example#x",
        "https:", "https://", "https://@baton.example/", "mailto:a@b.example", "https://baton.example/a//b",
        "https://baton.example:99999/x", "https://baton.example:65536/", "https://-baton.example/", "https://baton..example/",
        "https://baton.example:00000000443/", "https://baton.example/invite/x?a=1#f?g/h", "https://%41.example/",
        "https://baton.example/%7e", "a+b-c.d:x", "https://baton.example/x?a=b=c", "https://b!$&'()*+,;=.example/",
    ]
    static let urls = URLVectors.shared.vectors.map(\.fullURL) + extra

    /// The verdict is the scanner's alone; Foundation is the cross-check. On
    /// this platform (swift-foundation, what iOS 17 and later also use) the two
    /// agree on every vector and edge case, so a disagreement is a change in
    /// one of them, to be looked at: a Foundation that repairs or refuses
    /// differently no longer changes what a clip accepts.
    @Test("the scanner and URLComponents read every vector and edge case alike", arguments: urls)
    func crossCheck(_ url: String) {
        let ours = Self.scanned(url)
        let theirs = Self.foundation(url)
        #expect(
            ours == theirs,
            "scanner: \(ours.map(String.init(describing:)) ?? "refused"); Foundation: \(theirs.map(String.init(describing:)) ?? "refused")")
    }

    @Test(
        "the scanner refuses what RFC 3986 does not allow",
        arguments: [
            ("baton.example/invite", URLScanner.Failure.notAbsolute), ("1https://x", .notAbsolute), ("", .notAbsolute),
            ("https://a@b@c/", .notStrict), ("https://baton.example:44a3/", .notStrict), ("https://baton.example/a#b#c", .notStrict),
            ("https://baton.example:1:2/", .notStrict),
        ])
    func refuses(url: String, failure: URLScanner.Failure) {
        #expect(throws: failure) { try URLScanner(url) }
    }

    @Test("the scanner keeps every part as written")
    func parts() throws {
        let parts = try URLScanner("HTTPS://u:p@Baton.Example:0443/invite/%41B?x=1&y#f%20")
        #expect(parts.scheme == "HTTPS" && parts.userinfo == "u:p" && parts.host == "Baton.Example" && parts.port == "0443")
        #expect(parts.path == "/invite/%41B" && parts.query == "x=1&y" && parts.fragment == "f%20")
    }
}
