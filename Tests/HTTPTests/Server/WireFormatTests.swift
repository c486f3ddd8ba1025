import Foundation
import HTTP
import HTTPTestSupport
import Testing

/// Pins the response heads byte for byte (apart from `Date` and generated
/// request ids), so work on the response path cannot change what clients see.
@Suite("Response heads on the wire", .timeLimit(.minutes(10)))
struct WireFormatTests {
    static func makeServer() throws -> TestServer {
        try TestServer { router in
            router.get("/api") { _ in try .json(["ok": true]) }
            router.get("/page") { _ in .html("<p>hi</p>") }
            router.get("/cached") { _ in
                Response(
                    headers: HTTPHeaders([("cache-control", "public, max-age=300"), ("X-Request-Id", "forged")]), body: Data("x".utf8))
            }
            router.get("/framed") { _ in
                Response(headers: HTTPHeaders([("Content-Type", " TEXT/HTML;charset=utf-8"), ("x-frame-options", "SAMEORIGIN")]))
            }
        }
    }

    /// The response's headers as `name: value` lines, `Date` left out.
    private func head(_ response: RawConnection.Response) -> [String] {
        response.headers.filter { $0.name != "Date" }.map { "\($0.name): \($0.value)" }
    }

    static let csp =
        "Content-Security-Policy: default-src 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
        + "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    static let cases: [(path: String, head: [String])] = [
        (
            "/api",
            [
                "Content-Type: application/json; charset=utf-8", "X-Request-Id: pinned-1", "Server: Baton",
                "Cache-Control: no-store", "X-Content-Type-Options: nosniff", "Content-Length: 11",
            ]
        ),
        (
            "/page",
            [
                "Content-Type: text/html; charset=utf-8", "X-Request-Id: pinned-1", "Server: Baton", "Cache-Control: no-store",
                "X-Content-Type-Options: nosniff", csp, "Referrer-Policy: no-referrer", "X-Frame-Options: DENY", "Content-Length: 9",
            ]
        ),
        (
            "/cached",
            [
                "cache-control: public, max-age=300", "X-Request-Id: pinned-1", "Server: Baton", "X-Content-Type-Options: nosniff",
                "Content-Length: 1",
            ]
        ),
        (
            "/framed",
            [
                "Content-Type: TEXT/HTML;charset=utf-8", "x-frame-options: SAMEORIGIN", "X-Request-Id: pinned-1", "Server: Baton",
                "Cache-Control: no-store", "X-Content-Type-Options: nosniff", csp, "Referrer-Policy: no-referrer", "Content-Length: 0",
            ]
        ),
    ]

    @Test("a response carries the handler's headers, then the request id and the defaults it did not set, in order", arguments: cases)
    func responseHead(path: String, expected: [String]) throws {
        let response = try Self.makeServer().get(path, headers: ["X-Request-Id: pinned-1"])
        #expect(head(response) == expected)
    }
}
