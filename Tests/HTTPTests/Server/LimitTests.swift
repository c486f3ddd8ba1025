import Foundation
import HTTP
import HTTPTestSupport
import Testing

@Suite("Request limits", .timeLimit(.minutes(10)))
struct LimitTests {
    static let bodyLimit = 1024 * 1024
    static let tenMegabytes = 10 * 1024 * 1024
    let server: TestServer

    init() throws {
        server = try TestServer(configure: {
            $0.maxHeaderBytes = 2048
            $0.maxURIBytes = 1024
        }) { router in
            router.post("/upload", options: RouteOptions(maxBodyBytes: Self.bodyLimit, acceptedContentTypes: nil)) {
                .text(String($0.body.count))
            }
            router.post("/json") { _ in .text("ok") }
            router.get("/ping") { _ in .text("pong") }
        }
    }

    private func code(_ response: RawConnection.Response) -> String? {
        let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: [String: Any]]
        return object?["error"]?["code"] as? String
    }

    @Test("headers over the limit get 431 headers_too_large")
    func headersTooLarge() throws {
        let response = try server.get("/ping", headers: ["X-Padding: " + String(repeating: "a", count: 3000)])
        #expect(response.status == 431)
        #expect(code(response) == "headers_too_large")
    }

    @Test("headers just within the limit reach the handler, twice on one keep-alive connection")
    func headersWithinLimit() throws {
        // About 1,950 of the 2,048 bytes counted: the target, and every name and value plus 4.
        let request = server.request("GET", "/ping", headers: ["X-Padding: " + String(repeating: "a", count: 1900)])
        let connection = try server.connect()
        try connection.send(request)
        let first = try connection.readResponse()
        try connection.send(request)
        let second = try connection.readResponse()
        #expect(first.status == 200 && second.status == 200)
        #expect(first.text == "pong" && second.text == "pong")
    }

    @Test("headers past libmicrohttpd's memory limit still get 431, not a crash or hang")
    func headersFarTooLarge() throws {
        let response = try server.get("/ping", headers: ["X-Padding: " + String(repeating: "a", count: 100_000)])
        #expect(response.status == 431)
        #expect(try server.get("/ping").status == 200)
    }

    @Test("a request target over the limit gets 414 uri_too_long")
    func uriTooLong() throws {
        let response = try server.get("/ping?q=" + String(repeating: "a", count: 1500))
        #expect(response.status == 414)
        #expect(code(response) == "uri_too_long")
    }

    @Test("a body of the wrong content type gets 415 unsupported_media_type")
    func wrongContentType() throws {
        let response = try server.send(server.request("POST", "/json", headers: ["Content-Type: text/plain"], body: "hi"))
        #expect(response.status == 415)
        #expect(code(response) == "unsupported_media_type")
    }

    @Test("a body within the limit reaches the handler whole")
    func bodyWithinLimit() throws {
        let body = String(repeating: "x", count: Self.bodyLimit)
        let response = try server.send(server.request("POST", "/upload", body: body))
        #expect(response.status == 200)
        #expect(response.text == String(Self.bodyLimit))
    }

    @Test("a 10 MB Content-Length is answered 413 before any body byte is sent")
    func announcedBodyTooLarge() throws {
        let connection = try server.connect()
        try connection.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: \(Self.tenMegabytes)\r\n\r\n")
        #expect(connection.isReadable(within: .seconds(2)))
        let response = try connection.readResponse()
        #expect(response.status == 413)
        #expect(code(response) == "request_too_large")
    }

    @Test("a chunked 10 MB body is cut off with 413 soon after the limit, without buffering it")
    func streamedBodyTooLarge() throws {
        let peakBefore = Self.peakResidentBytes()
        let connection = try server.connect()
        try connection.send("POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        let chunk = Array("10000\r\n".utf8) + [UInt8](repeating: 0x61, count: 0x10000) + Array("\r\n".utf8)
        var sent = 0
        while sent < Self.tenMegabytes, !connection.isReadable(within: sent > Self.bodyLimit ? .milliseconds(2) : .zero) {
            try connection.send(chunk)
            sent += 0x10000
        }
        let response = try connection.readResponse()
        #expect(response.status == 413)
        #expect(sent > Self.bodyLimit)
        #expect(sent < Self.tenMegabytes / 2)
        #expect(Self.peakResidentBytes() - peakBefore < Self.tenMegabytes / 2)
    }

    private static func peakResidentBytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024
    }
}
