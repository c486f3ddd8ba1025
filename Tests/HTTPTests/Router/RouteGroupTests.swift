import Foundation
import HTTP
import HTTPTestSupport
import Synchronization
import Testing

/// A guard's refusal as an API error.
private struct Unauthorized: HTTPErrorConvertible {
    var status: Int { 401 }
    var code: String { "unauthorized" }
    var message: String { "No key." }
}

/// How many times the guarded handlers ran.
private final class Calls: Sendable {
    let count = Atomic<Int>(0)
}

@Suite("Route groups and middleware", .timeLimit(.minutes(10)))
struct RouteGroupTests {
    static let bodyLimit = 6 * 1024 * 1024
    let server: TestServer
    private let handled = Calls()

    init() throws {
        let handled = handled
        let tagging: Middleware = { handler in
            { request in
                var response = try handler(request)
                response.headers.add("X-Trace", "outer")
                return response
            }
        }
        let inner: Middleware = { handler in
            { request in
                var response = try handler(request)
                response.headers.add("X-Trace", "inner")
                return response
            }
        }
        let keyed = RouteGuard<String>(accepting: [GuardRequirement("apiKey")]) { request in
            switch request.headers["X-Key"] {
            case "page": return .refuse(.html("<p>go away</p>", status: 403))
            case let key?: return .admit(key)
            case nil: throw Unauthorized()
            }
        }
        server = try TestServer { router in
            router.group(keyed, middleware: [tagging, inner]) { group in
                group.get("/whoami") { request, key in
                    handled.count.add(1, ordering: .relaxed)
                    return .text("\(key) \(request.identity as? String ?? "-")")
                }
                group.post("/upload", options: RouteOptions(maxBodyBytes: Self.bodyLimit, acceptedContentTypes: nil)) { request, _ in
                    handled.count.add(1, ordering: .relaxed)
                    return .text(String(request.body.count))
                }
            }
            router.group(middleware: [tagging]) { group in
                group.get("/open") { request, _ in .text(request.identity == nil ? "anyone" : "someone") }
            }
        }
    }

    @Test("a guarded route gets the identity its guard found, typed and on the request")
    func identityReachesHandler() throws {
        let response = try server.get("/whoami", headers: ["X-Key: alice"])
        #expect(response.status == 200)
        #expect(response.text == "alice alice")
    }

    @Test("a guard's thrown error answers as an API error and the handler never runs")
    func thrownRefusal() throws {
        let response = try server.get("/whoami")
        #expect(response.status == 401)
        #expect(response.text.contains(#""code":"unauthorized""#))
        #expect(handled.count.load(ordering: .relaxed) == 0)
    }

    @Test("a guard may refuse with a response of its own")
    func responseRefusal() throws {
        let response = try server.get("/whoami", headers: ["X-Key: page"])
        #expect(response.status == 403)
        #expect(response.text == "<p>go away</p>")
        #expect(handled.count.load(ordering: .relaxed) == 0)
    }

    @Test("middleware runs in the order listed, the first outermost, and on groups without a guard")
    func middlewareOrder() throws {
        let guarded = try server.get("/whoami", headers: ["X-Key: bob"])
        #expect(guarded.headers.filter { $0.name == "X-Trace" }.map(\.value) == ["inner", "outer"])
        let open = try server.get("/open")
        #expect(open.text == "anyone")
        #expect(open.header("X-Trace") == "outer")
    }

    @Test("a refused 6 MB post is answered from its headers alone, before any body byte is sent")
    func refusedBeforeBody() throws {
        let connection = try server.connect()
        try connection.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: \(Self.bodyLimit)\r\n\r\n")
        #expect(connection.isReadable(within: .seconds(2)))
        let response = try connection.readResponse()
        #expect(response.status == 401)
        #expect(handled.count.load(ordering: .relaxed) == 0)
    }

    @Test("Expect: 100-continue is refused to a request the guard refuses, and granted to one it admits")
    func continueOnlyWhenAdmitted() throws {
        let refused = try server.connect()
        try refused.send("POST /upload HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n")
        #expect(try refused.readResponse().status == 401)

        let admitted = try server.connect()
        try admitted.send("POST /upload HTTP/1.1\r\nHost: x\r\nX-Key: alice\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n")
        #expect(try admitted.readResponse().status == 100)
        try admitted.send("hello")
        let response = try admitted.readResponse()
        #expect(response.status == 200)
        #expect(response.text == "5")
    }
}
