import Foundation
import HTTP
import Testing

@Suite("Path decoding", .timeLimit(.minutes(10)))
struct PathDecodingTests {
    let server: TestServer

    init() throws {
        server = try TestServer { router in
            router.get("/files/:name") { .text($0.parameter("name") ?? "") }
            router.get("/search") { request in
                .text(request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "|"))
            }
        }
    }

    static let attacks = [
        "/files/a%00b", "/files/%2e%2e", "/files/..", "/files/%2E", "/files/%ff", "/files/%C3",
        "/files/%zz", "/files/a%0Ab", "/files/%", "/search?q=%00", "/search?q=%ff",
    ]

    @Test("an attack on path decoding gets 400 invalid_request", arguments: attacks)
    func attackIsRejected(path: String) throws {
        let response = try server.get(path)
        #expect(response.status == 400)
        #expect(response.text.contains(#""code":"invalid_request""#))
    }

    @Test("raw bytes that are not UTF-8 in the path get 400 invalid_request")
    func rawInvalidUTF8() throws {
        let connection = try server.connect()
        try connection.send(Array("GET /files/a".utf8) + [0xFF, 0xFE] + Array(" HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        #expect(try connection.readResponse().status == 400)
    }

    @Test("a path is decoded exactly once")
    func decodedOnce() throws {
        #expect(try server.get("/files/%2541").text == "%41")
    }

    @Test("an encoded slash stays inside its segment")
    func encodedSlash() throws {
        #expect(try server.get("/files/a%2Fb").text == "a/b")
    }

    @Test("query items are decoded in order, plus as space, a bare name as empty")
    func queryItems() throws {
        #expect(try server.get("/search?q=a+b%26c&flag&x=%C3%A9").text == "q=a b&c|flag=|x=é")
    }
}
