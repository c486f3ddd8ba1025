import Foundation
import HTTP
import HTTPTestSupport
import Synchronization
import Testing

/// How many times a route guard ran.
private final class GuardCalls: Sendable {
    let count = Atomic<Int>(0)
}

/// Request heads RFC 9110 and RFC 9112 say to refuse, which libmicrohttpd
/// 0.9.75 lets through: each is answered 400 and its connection closed,
/// so the bytes behind it (a smuggled second request) are never answered.
@Suite("Header syntax", .timeLimit(.minutes(10)))
struct HeaderSyntaxTests {
    /// One malformed head. Its lines follow `POST /echo HTTP/1.1`
    /// (`requestLine` replaces that); `{n}` in a line stands for the length
    /// of the request sent behind the head, so a `Content-Length` the
    /// server failed to see would turn that request into a second one.
    struct Malformed: Sendable, CustomStringConvertible {
        let description: String
        let lines: [String]
        var requestLine = "POST /echo HTTP/1.1"

        /// The request sent behind the head: a second request, or a body.
        static let smuggled = "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"

        var bytes: [UInt8] {
            let count = String(Self.smuggled.utf8.count)
            let head = ([requestLine] + lines.map { $0.replacingOccurrences(of: "{n}", with: count) }).joined(separator: "\r\n")
            return Array((head + "\r\n\r\n" + Self.smuggled).utf8)
        }
    }

    static let malformed = [
        Malformed(description: "a space before the colon", lines: ["Host: x", "Content-Length : {n}"]),
        Malformed(description: "a tab before the colon", lines: ["Host: x", "Content-Length\t: {n}"]),
        Malformed(description: "a name with a character outside token", lines: ["Host: x", "X(A): 1"]),
        Malformed(description: "a bare CR inside a value", lines: ["Host: x", "X-A: a\rContent-Length: {n}"]),
        Malformed(description: "a NUL inside the last value", lines: ["Host: x", "X-A: a\u{0}b"]),
        Malformed(description: "a NUL hiding a header behind it", lines: ["X-A: a\u{0}Content-Length: {n}", "Host: x"]),
        Malformed(description: "an obs-fold followed by another header", lines: ["X-A: 1", " 2", "Host: x"]),
        Malformed(description: "a control character inside a value", lines: ["Host: x", "X-A: a\u{1B}b"]),
        Malformed(description: "DEL inside a value", lines: ["Host: x", "X-A: a\u{7F}b"]),
        Malformed(description: "HTTP/1.1 without Host", lines: ["Content-Length: 0"]),
        Malformed(description: "two Host headers, the second lower-case", lines: ["Host: x", "host: y"]),
        Malformed(description: "two equal Content-Length headers", lines: ["Host: x", "Content-Length: {n}", "Content-Length: {n}"]),
        Malformed(
            description: "two Transfer-Encoding headers",
            lines: ["Host: x", "Transfer-Encoding: chunked", "Transfer-Encoding: chunked"]),
        Malformed(description: "two Authorization headers", lines: ["Host: x", "Authorization: Bearer a", "Authorization: Bearer b"]),
        Malformed(description: "two Content-Type headers", lines: ["Host: x", "Content-Type: text/plain", "Content-Type: text/html"]),
        Malformed(description: "two Origin headers", lines: ["Host: x", "Origin: https://a.example", "Origin: https://b.example"]),
        Malformed(description: "two Cookie headers", lines: ["Host: x", "Cookie: a=1", "Cookie: b=2"]),
        Malformed(
            description: "two Authorization headers on a guarded route", lines: ["Host: x", "Authorization: a", "Authorization: b"],
            requestLine: "GET /guarded HTTP/1.1"),
    ]

    let server: TestServer
    private let guardCalls = GuardCalls()

    init() throws {
        let guardCalls = guardCalls
        let keyed = RouteGuard<String>(accepting: [GuardRequirement("apiKey")]) { request in
            guardCalls.count.add(1, ordering: .relaxed)
            return .admit(request.headers["Authorization"] ?? "")
        }
        server = try TestServer { router in
            router.post("/echo", options: RouteOptions(maxBodyBytes: 1024, acceptedContentTypes: nil)) { .text(String($0.body.count)) }
            router.get("/healthz") { _ in .text("ok") }
            router.group(keyed) { group in
                group.get("/guarded") { _, caller in .text(caller) }
            }
        }
    }

    @Test("a malformed head gets one 400, and its connection closes with nothing behind it answered", arguments: malformed)
    func malformedHeadIsRefused(_ request: Malformed) throws {
        let connection = try server.connect()
        try connection.send(request.bytes)
        let response = try connection.readResponse()
        let rest = try connection.readToEnd()
        #expect(response.status == 400)
        #expect(response.header("Connection") == "close")
        #expect(Self.error(in: response)?["code"] as? String == "invalid_request")
        #expect(rest.isEmpty, "answered after the refusal: \(String(decoding: rest, as: UTF8.self))")
        #expect(guardCalls.count.load(ordering: .relaxed) == 0, "no route guard runs on a malformed head")
    }

    @Test("a repeated header is named in the refusal")
    func repeatedHeaderIsNamed() throws {
        let response = try server.send("GET /healthz HTTP/1.1\r\nHost: x\r\nOrigin: a\r\norigin: b\r\n\r\n")
        #expect(response.status == 400)
        #expect((Self.error(in: response)?["details"] as? [String: Any])?["header"] as? String == "Origin")
    }

    /// The `error` object of an API error body, nil for any other body.
    private static func error(in response: RawConnection.Response) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: response.body) as? [String: [String: Any]])?["error"]
    }

    /// A head that looks odd but is allowed: `GET /healthz` with `lines`
    /// after its request line (`HTTP/1.1` unless `version` says otherwise).
    struct Allowed: Sendable, CustomStringConvertible {
        let description: String
        let lines: [[UInt8]]
        var version = "HTTP/1.1"

        var bytes: [UInt8] {
            let crlf = Array("\r\n".utf8)
            return ([Array("GET /healthz \(version)".utf8)] + lines).flatMap { $0 + crlf } + crlf
        }
    }

    static let allowed = [
        Allowed(description: "HTTP/1.0 without Host", lines: [], version: "HTTP/1.0"),
        Allowed(description: "a tab inside a value", lines: [Array("Host: x".utf8), Array("X-A: a\tb\t".utf8)]),
        Allowed(description: "obs-text bytes in a value", lines: [Array("Host: x".utf8), Array("X-A: caf".utf8) + [0xE9, 0xFF, 0x80]]),
        Allowed(description: "every token character in a name", lines: [Array("Host: x".utf8), Array("!#$%&'*+-.^_`|~09AZaz: 1".utf8)]),
        Allowed(
            description: "repeats of headers that may repeat",
            lines: ["Host: x", "Accept: a", "accept: b", "X-Forwarded-For: 1.2.3.4", "X-Forwarded-For: 5.6.7.8"].map { Array($0.utf8) }),
    ]

    @Test("a head that is odd but allowed is answered", arguments: allowed)
    func allowedHeadIsAnswered(_ head: Allowed) throws {
        let connection = try server.connect()
        try connection.send(head.bytes)
        let response = try connection.readResponse()
        #expect(response.status == 200)
        #expect(response.text == "ok")
    }
}
