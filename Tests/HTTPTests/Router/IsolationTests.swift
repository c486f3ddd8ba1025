import Foundation
import HTTP
import HTTPTestSupport
import Testing

/// Routes registered from main-actor code, as a CLI's `main.swift` would.
@MainActor
private func mainActorRouter() -> Router {
    var router = Router()
    router.get("/ping") { _ in .text("pong") }
    return router
}

@Suite("Handler isolation", .timeLimit(.minutes(10)))
struct IsolationTests {
    @Test("a handler formed in main-actor code runs on a pool thread without trapping")
    @MainActor
    func mainActorHandler() throws {
        let server = try Server(
            router: mainActorRouter(), configuration: ServerConfiguration(port: 0, threadPoolSize: 1, logSink: CapturingLogSink())
        )
        defer { server.shutdown(grace: .seconds(1)) }
        let connection = try RawConnection(port: server.port)
        try connection.send("GET /ping HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try connection.readResponse().text == "pong")
    }
}
