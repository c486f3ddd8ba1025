import BackgroundServices
import BatonTestSupport
import Foundation
import Synchronization
import Testing

@Suite("BackgroundService", .timeLimit(.minutes(10)))
struct BackgroundServiceTests {
    /// What a test service saw, shared with its closures.
    final class Log: Sendable {
        private let state = Mutex<(connects: Int, turns: Int, closes: Int, events: [String], names: Set<String>)>((0, 0, 0, [], []))

        func connected() { state.withLock { $0.connects += 1 } }
        func turned() { state.withLock { $0.turns += 1 } }
        func closed() { state.withLock { $0.closes += 1 } }
        func threadName() {
            let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
            _ = state.withLock { $0.names.insert(name.trimmingCharacters(in: .newlines)) }
        }

        func record(_ event: ServiceEvent) {
            let line =
                switch event {
                case .failing(let error, let failures): "failing \(error) after \(failures)"
                case .recovered(let failures): "recovered after \(failures)"
                case .stopped: "stopped"
                }
            state.withLock { $0.events.append(line) }
        }

        var connects: Int { state.withLock { $0.connects } }
        var turns: Int { state.withLock { $0.turns } }
        var closes: Int { state.withLock { $0.closes } }
        var events: [String] { state.withLock { $0.events } }
        var names: Set<String> { state.withLock { $0.names } }
    }

    struct Refused: Error, CustomStringConvertible {
        var description: String { "refused" }
    }

    /// A service named `baton-test`, quick to back off.
    static func service(
        backoff: ServiceBackoff? = ServiceBackoff(first: .milliseconds(10), cap: .milliseconds(40)),
        stopMode: StopMode = .afterCurrentTurn
    ) -> BackgroundService<Int> {
        BackgroundService(name: "baton-test", backoff: backoff, stopMode: stopMode)
    }

    /// Work recorded in `log` whose turns run `body` (on a session that is just a number).
    static func work(
        _ log: Log, connect: @escaping @Sendable () throws -> Void = {},
        _ body: @escaping @Sendable (ServiceContext) throws -> ServiceStep
    ) -> ServiceWork<Int> {
        ServiceWork(
            report: log.record,
            connect: {
                log.connected()
                try connect()
                return 1
            },
            turn: { _, context in
                log.turned()
                log.threadName()
                return try body(context)
            },
            disconnect: { _, _ in log.closed() })
    }

    @Test("turns run on the named thread, and a stop cuts a long wait short, closes the session and joins")
    func stopInterruptsWait() {
        let log = Log()
        let service = Self.service()
        service.start(Self.work(log) { _ in .wait(.seconds(3600)) })
        #expect(eventually { log.turns == 1 })
        let began = ContinuousClock.now
        service.stop()
        #expect(ContinuousClock.now - began < .milliseconds(500))
        #if os(Linux)
        #expect(log.names == ["baton-test"])
        #endif
        #expect((log.connects, log.turns, log.closes) == (1, 1, 1))
        #expect(log.events == ["stopped"])
    }

    @Test("a wake ends the wait at once, and wake-ups sent during a turn fold into one more turn")
    func wakeUpsFold() {
        let log = Log()
        let inTurn = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let service = Self.service()
        service.start(
            Self.work(log) { _ in
                if log.turns == 2 {
                    inTurn.signal()
                    release.wait()
                }
                return .wait(.seconds(3600))
            })
        defer { service.stop() }
        #expect(eventually { log.turns == 1 })
        service.wake()
        inTurn.wait()
        for _ in 0..<100 { service.wake() }
        release.signal()
        #expect(eventually { log.turns == 3 })
        // A window in which no fourth turn may begin.
        Thread.sleep(forTimeInterval: 0.1)
        #expect(log.turns == 3)
    }

    @Test("failures back off, reconnect, and are reported once with the count, then once on recovery")
    func failuresAreReportedOncePerChange() {
        let log = Log()
        let service = Self.service()
        service.start(Self.work(log, connect: { if log.connects <= 6 { throw Refused() } }) { _ in .wait(.seconds(3600)) })
        defer { service.stop() }
        #expect(eventually { log.turns == 1 })
        #expect(log.connects == 7)
        #expect(log.events == ["failing refused after 1", "recovered after 6"])
    }

    @Test("an outage costs a few attempts a second at the cap, not a busy loop")
    func outageIsThrottled() {
        let log = Log()
        let service = Self.service()
        service.start(Self.work(log, connect: { throw Refused() }) { _ in .again })
        // The second the attempts are counted over.
        Thread.sleep(forTimeInterval: 1)
        service.stop()
        // 10, 20, 40 ms, then 40 ms ±25 %: about 25 in a second.
        #expect((10...40).contains(log.connects))
        #expect(log.events == ["failing refused after 1", "stopped"])
    }

    @Test("a failing turn closes its session, a changed error is reported again, and no backoff means the first failure ends it")
    func failingTurnWithoutBackoffEnds() {
        let log = Log()
        let service = Self.service(backoff: nil)
        service.start(Self.work(log) { _ in throw Refused() })
        #expect(eventually { log.events.last == "stopped" })
        #expect((log.connects, log.turns, log.closes) == (1, 1, 1))
        #expect(log.events == ["failing refused after 1", "stopped"])
        service.stop()
    }

    @Test("a service that finishes on stop keeps turning until its turn says finished, and sees the grace deadline")
    func stopModeWhenFinished() {
        let log = Log()
        let deadline = Mutex<ContinuousClock.Instant?>(nil)
        let service = Self.service(stopMode: .whenFinished(retries: 0))
        service.start(
            Self.work(log) { context in
                guard let ends = context.stopDeadline else { return .wait(.seconds(3600)) }
                deadline.withLock { $0 = ends }
                return log.turns >= 4 ? .finished : .again
            })
        #expect(eventually { log.turns == 1 })
        let asked = ContinuousClock.now
        service.stop(grace: .seconds(30))
        #expect(log.turns == 4)
        #expect(deadline.withLock { $0 }.map { $0 - asked > .seconds(29) } == true)
        #expect(log.closes == 1)
    }

    @Test("a turn may wait on a descriptor of its own, and a stop ends that wait too")
    func waitWatchingDescriptor() {
        var descriptors: [Int32] = [-1, -1]
        _ = pipe(&descriptors)
        defer { descriptors.forEach { close($0) } }
        let readable = Mutex<[Bool]>([])
        let reader = descriptors[0]
        let log = Log()
        let service = Self.service()
        service.start(
            Self.work(log) { context in
                let ready = context.wait(.seconds(3600), watching: reader)
                readable.withLock { $0.append(ready) }
                if ready {
                    var byte: UInt8 = 0
                    _ = read(reader, &byte, 1)
                }
                return .again
            })
        var byte: UInt8 = 1
        _ = write(descriptors[1], &byte, 1)
        #expect(eventually { readable.withLock { $0 } == [true] })
        service.stop()
        #expect(readable.withLock { $0 } == [true, false])
    }

    @Test("stop before start means it never starts; stop from its own thread only asks")
    func stopEdgeCases() {
        let log = Log()
        let never = Self.service()
        never.stop()
        never.start(Self.work(log) { _ in .finished })
        // A window in which it must not turn.
        Thread.sleep(forTimeInterval: 0.1)
        #expect(log.turns == 0)

        let holder = Mutex<BackgroundService<Int>?>(nil)
        let own = Self.service()
        holder.withLock { $0 = own }
        own.start(
            Self.work(log) { _ in
                holder.withLock { $0 }?.stop()
                return .wait(.seconds(3600))
            })
        #expect(eventually { log.events == ["stopped"] })
        own.stop()
        holder.withLock { $0 = nil }
    }

    @Test(
        "the backoff doubles from its first delay to its cap, jittered either way",
        arguments: [(1, 0.5, 100), (2, 0.5, 200), (6, 0.5, 3200), (7, 0.5, 5000), (100, 0.5, 5000), (1, 0, 75), (7, 0.999_999, 6250)])
    func backoffSchedule(failures: Int, unit: Double, milliseconds: Int) {
        let delay = ServiceBackoff.standard.delay(afterFailures: failures, unit: unit)
        let error = delay - .milliseconds(milliseconds)
        #expect(error < .milliseconds(1) && error > .milliseconds(-1))
    }
}
