import Foundation
import Testing

@testable import HTTP

@Suite("Request parts read from libmicrohttpd", .timeLimit(.minutes(10)))
struct RequestPartsTests {
    @Test(
        "a raw path splits into segments on every slash, empty ones kept",
        arguments: [
            ("/", [""]), ("/healthz", ["healthz"]), ("/a/b", ["a", "b"]), ("/a//b/", ["a", "", "b", ""]),
            ("/a%2Fb/c", ["a/b", "c"]), ("/v1/invites/t%C3%A9/preview", ["v1", "invites", "t\u{E9}", "preview"]),
        ]
    )
    func segments(path: String, expected: [String]) throws {
        var path = path
        let segments = try path.withUTF8 { try PathDecoder.segments(of: UnsafeRawBufferPointer($0)) }
        #expect(segments == expected)
    }

    @Test(
        "an IPv4 peer is written in dotted-quad form",
        arguments: [
            ("0.0.0.0", 0x0000_0000 as UInt32), ("127.0.0.1", 0x7F00_0001), ("10.0.100.9", 0x0A00_6409),
            ("192.168.1.10", 0xC0A8_010A), ("255.255.255.255", 0xFFFF_FFFF),
        ]
    )
    func dottedQuad(expected: String, address: UInt32) {
        var socket = sockaddr_in()
        socket.sin_family = sa_family_t(AF_INET)
        socket.sin_addr.s_addr = address.bigEndian
        let text = withUnsafePointer(to: &socket) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { ClientAddress.text(of: $0) }
        }
        #expect(text == expected)
    }

    @Test("a pattern whose literal differs late does not match, and one that matches yields its parameters")
    func patternMatch() {
        let pattern = RoutePattern("/v1/invites/:id/revoke")
        #expect(pattern.match(["v1", "invites", "abc", "preview"]) == nil)
        #expect(pattern.match(["v1", "invites", "abc", "revoke"])?.map { "\($0.name)=\($0.value)" } == ["id=abc"])
        #expect(RoutePattern("/:a/x/:b").match(["1", "x", "2"])?.map { "\($0.name)=\($0.value)" } == ["a=1", "b=2"])
    }

    @Test("a request's route parameters read back by name, however they were set; a repeated name keeps its last value")
    func parameters() throws {
        var request = Request(method: "GET", pathSegments: [], parameters: ["id": "abc"])
        #expect(request.parameter("id") == "abc")
        #expect(request.parameter("token") == nil)
        request.parameterList = try #require(RoutePattern("/:a/x/:a").match(["1", "x", "2"]))
        #expect(request.parameter("a") == "2")
        #expect(request.parameter("id") == nil)
    }
}
