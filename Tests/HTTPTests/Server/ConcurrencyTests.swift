import Foundation
import HTTP
import HTTPTestSupport
import Testing

@Suite("Concurrency and shutdown", .timeLimit(.minutes(10)))
struct ConcurrencyTests {
    @Test("handlers that block run at once on every pool thread")
    func allPoolThreadsServe() throws {
        let poolSize = 4
        let gate = Gate()
        let server = try TestServer(configure: { $0.threadPoolSize = poolSize }) { router in
            router.get("/wait") { _ in
                gate.arrive()
                return gate.waitFor(arrivals: poolSize) ? .text("together") : .text("alone", status: 503)
            }
        }
        var clients: [Background<Int>] = []
        for index in 0..<poolSize {
            // One connection at a time: a thread blocked in a handler accepts
            // no more, so the next connection lands on a free thread.
            clients.append(
                Background { [port = server.port] in
                    let connection = try RawConnection(port: port)
                    try connection.send("GET /wait HTTP/1.1\r\nHost: x\r\n\r\n")
                    return try connection.readResponse().status
                })
            #expect(gate.waitFor(arrivals: index + 1))
        }
        #expect(try clients.map { try $0.value() } == Array(repeating: 200, count: poolSize))
    }

    @Test("shutdown serves no new connection, lets the request in flight finish, then returns")
    func gracefulShutdown() throws {
        let gate = Gate()
        var router = Router()
        router.get("/slow") { _ in
            gate.arrive()
            return gate.waitUntilOpened() ? .text("finished") : .text("stuck", status: 503)
        }
        router.get("/fast") { _ in .text("fast") }
        let server = try Server(router: router, configuration: ServerConfiguration(port: 0, threadPoolSize: 2, logSink: CapturingLogSink()))
        let port = server.port
        let inFlight = Background {
            let connection = try RawConnection(port: port)
            try connection.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
            return try connection.readResponse()
        }
        #expect(gate.waitFor(arrivals: 1))
        let shutdown = Background { server.shutdown(grace: .seconds(5)) }
        // Once the shutdown has begun, a late client is closed without an answer
        // (the accept policy drops it); the shutdown's thread may start late on a busy machine.
        let deadline = ContinuousClock.now + .seconds(5)
        var lateAnswers = 0
        while ContinuousClock.now < deadline {
            do {
                let late = try RawConnection(port: port)
                try late.send("GET /fast HTTP/1.1\r\nHost: x\r\n\r\n")
                _ = try late.readResponse()
                lateAnswers += 1
                Thread.sleep(forTimeInterval: 0.01)
            } catch is RawConnection.Failure {
                break
            }
        }
        #expect(ContinuousClock.now < deadline, "late clients were still answered (\(lateAnswers) times)")
        gate.open()
        let response = try inFlight.value()
        #expect(response.status == 200 && response.text == "finished")
        #expect(response.header("Connection") == "close")
        #expect(try shutdown.value() == true)
        #expect(server.requestsInFlight == 0)
    }
}
