import Testing

@testable import HTTP

@Suite("Connection deadlines", .timeLimit(.minutes(10)))
struct ConnectionDeadlineTests {
    @Test("a deadline expires once, at its time and not before; a cleared one never does")
    func expiresOnce() {
        let deadline = ConnectionDeadline(socket: -1, deadline: 0)
        #expect(!deadline.expire(at: .max))
        deadline.set(from: 1_000, allowance: 500)
        #expect(!deadline.expire(at: 1_499))
        #expect(deadline.expire(at: 1_500))
        #expect(!deadline.expire(at: 2_000), "a connection is cut once")
        deadline.set(from: 2_000, allowance: 10)
        deadline.clear()
        #expect(!deadline.expire(at: .max))
    }

    @Test("a body's allowance is the head allowance plus a second per minimum-rate worth of bytes")
    func bodyAllowance() {
        var configuration = ServerConfiguration(requestHeadTimeoutSeconds: 10, minBodyBytesPerSecond: 1000)
        configuration.connectionTimeoutSeconds = 30
        let deadlines = ConnectionDeadlines(configuration: configuration)
        #expect(deadlines.idleAllowance == 30_000_000_000)
        #expect(deadlines.bodyAllowance(received: 0) == 10_000_000_000)
        #expect(deadlines.bodyAllowance(received: 5_000) == 15_000_000_000)
    }
}
