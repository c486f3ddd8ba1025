import Foundation
import HTTP
import HTTPTestSupport
import Testing

/// Requests whose body framing or line structure a proxy in front could read
/// differently from the server: each is answered 400 and the connection
/// closed, so that nothing after it is read as a second request.
@Suite("Request framing", .timeLimit(.minutes(10)))
struct FramingTests {
    /// One ambiguous request and the error code it gets: nil where
    /// libmicrohttpd refuses it itself, with its own bare 400, and
    /// `invalid_request` where `HeaderSyntax` refuses a repeated header.
    struct Case: Sendable, CustomStringConvertible {
        let description: String
        let bytes: String
        let code: String?
    }

    static let cases = [
        Case(
            description: "Content-Length and Transfer-Encoding together",
            bytes: "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
            code: "ambiguous_framing"),
        Case(
            description: "two different Content-Length headers",
            bytes: "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
            code: "invalid_request"),
        Case(
            description: "one Content-Length listing two values",
            bytes: "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 4, 3\r\n\r\nabcd",
            code: nil),
        Case(
            description: "a Content-Length that is not a decimal number",
            bytes: "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: +4\r\n\r\nabcd",
            code: nil),
        Case(
            description: "a Transfer-Encoding other than chunked",
            bytes: "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n",
            code: "ambiguous_framing"),
    ]

    let server: TestServer

    init() throws {
        server = try TestServer { router in
            router.post("/echo", options: RouteOptions(maxBodyBytes: 1024, acceptedContentTypes: nil)) { .text(String($0.body.count)) }
            router.get("/ping") { _ in .text("pong") }
        }
    }

    @Test("an ambiguously framed request gets 400 and its connection is closed", arguments: cases)
    func ambiguousFramingIsRefused(_ request: Case) throws {
        let connection = try server.connect()
        // A second request behind it: a server that kept reading would answer it.
        try connection.send(request.bytes + server.request("GET", "/ping"))
        let response = try connection.readResponse()
        #expect(response.status == 400)
        if let code = request.code {
            #expect(response.header("Connection") == "close")
            let error = try JSONSerialization.jsonObject(with: response.body) as? [String: [String: Any]]
            #expect(error?["error"]?["code"] as? String == code)
        }
        #expect(connection.waitForClose(), "nothing after the refused request is answered")
    }

    @Test("a chunked body alone is still read")
    func chunkedBodyIsRead() throws {
        let response = try server.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nabcd\r\n0\r\n\r\n")
        #expect(response.status == 200)
        #expect(response.text == "4")
    }
}
