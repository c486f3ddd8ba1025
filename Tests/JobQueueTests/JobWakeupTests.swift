import BatonCore
import BatonTestSupport
import Foundation
import JobQueue
import Postgres
import Synchronization
import Testing

@Suite("JobWakeup", .timeLimit(.minutes(10)))
struct JobWakeupTests {
    @Test("a burst of signals is sent as a few NOTIFYs, and a signal after the burst still gets its own")
    func burstsFoldIntoFewNotifies() throws {
        let db = try MigratedDatabase()
        let heard = Atomic<Int>(0)
        let connected = Atomic<Bool>(false)
        let listener = PostgresListener(conninfo: db.conninfo, channels: [JobQueue.channel]) { event in
            switch event {
            case .connected: connected.store(true, ordering: .relaxed)
            case .notification: heard.add(1, ordering: .relaxed)
            case .disconnected: break
            }
        }
        listener.start()
        let wakeup = JobWakeup(conninfo: db.conninfo)
        defer {
            wakeup.stop()
            listener.stop()
        }
        #expect(eventually { connected.load(ordering: .relaxed) })
        let started = ContinuousClock.now
        for _ in 0..<2000 {
            wakeup.signal()
            Thread.sleep(forTimeInterval: 0.0001)
        }
        let burst = ContinuousClock.now - started
        // A window after the burst: its tail's NOTIFY (one 5 ms interval
        // later) arrives, and so would any NOTIFY beyond the ceiling.
        Thread.sleep(forTimeInterval: 0.5)
        let afterBurst = heard.load(ordering: .relaxed)
        // One NOTIFY per interval of the burst at most, and one for its tail.
        let ceiling = Int(burst / JobWakeup.coalescingInterval) + 2
        #expect((1...ceiling).contains(afterBurst), "\(afterBurst) NOTIFYs for 2,000 signals in \(burst)")
        wakeup.signal()
        #expect(eventually { heard.load(ordering: .relaxed) == afterBurst + 1 })
    }
}
