import BatonCore
import BatonTestSupport
import Foundation
import Testing

/// `baton worker` with `BATON_WORKER_RENEW_AFTER_WEBHOOKS`: the process
/// re-executes itself after that many webhook requests.
@Suite("Renewing worker")
struct RenewingWorkerTests {
    static let renewal = "renewing the worker process: re-executing itself with the same arguments"

    /// The renewal log lines of `worker`.
    static func renewals(_ worker: WorkerProcess) -> [[String: Any]] {
        worker.logLines.filter { $0["msg"] as? String == renewal }
    }

    /// How many times a worker process started (each prints one `running` line).
    static func starts(_ worker: WorkerProcess) -> Int {
        worker.output.split(separator: "\n").filter { $0.hasPrefix("worker ") && $0.contains(" running ") }.count
    }

    /// Whether a descriptor target names one kernel object of its own (a socket or pipe).
    static func hasInode(_ target: String) -> Bool {
        target.hasPrefix("socket:[") || target.hasPrefix("pipe:[")
    }

    @Test(
        "a worker renewing every 3 webhook requests delivers each of 10 events once, keeps its PID and descriptors, and exits 0 on SIGTERM")
    func renewsAndDeliversEveryEventOnce() throws {
        let db = try WorkerDatabase()
        // A little time per answer, so a process stops claiming before it runs far past its threshold.
        let receiver = try LoopbackReceiver { _, _ in (200, 0.05) }
        defer { receiver.stop() }
        try db.configureWebhookEndpoint(url: receiver.url, secret: WebhookDeliveryTests.secret)
        var events = try Set((0..<2).map { _ in try WebhookDeliveryTests.recordEvent(db) })
        // With a /metrics listener: each process must close it before the next binds the same port, or that one fails to start.
        let worker = try WorkerProcess(
            db, receiver: receiver, arguments: ["--concurrency", "1"],
            settings: [
                "BATON_WORKER_RENEW_AFTER_WEBHOOKS": "3", "BATON_METRICS_LISTEN": "127.0.0.1:\(try WorkerProcess.freePort())",
            ])

        // Below the threshold: every connection and descriptor the first process opens lazily is open now.
        #expect(try eventually(within: 20) { try db.count(.completed) == 2 })
        Thread.sleep(forTimeInterval: 1)
        let before = worker.openDescriptors

        events.formUnion(try (0..<8).map { _ in try WebhookDeliveryTests.recordEvent(db) })
        #expect(try eventually(within: 60) { try db.count(.completed) == 10 })
        // 2 + 1, 3, 3 requests, then a fourth process delivers the last one;
        // a process may take a job or two past its threshold before it stops claiming.
        #expect(eventually(within: 20) { Self.starts(worker) == Self.renewals(worker).count + 1 })
        Thread.sleep(forTimeInterval: 1)
        let after = worker.openDescriptors

        let renewals = Self.renewals(worker)
        #expect((2...3).contains(renewals.count), "\(worker.output)\n\(worker.logLines)")
        #expect(Self.starts(worker) == renewals.count + 1)
        #expect(renewals.allSatisfy { $0["pid"] as? Int == Int(worker.pid) && ($0["webhook_attempts"] as? Int ?? 0) >= 3 })
        #expect(worker.isRunning)
        #expect(try String(contentsOfFile: "/proc/\(worker.pid)/comm", encoding: .utf8) == "baton\n", "renamed back from exe")
        let delivered = receiver.requests.compactMap { $0.headers["idempotency-key"] }
        #expect(delivered.count == 10)
        #expect(Set(delivered) == events)
        // Every socket and pipe has its own inode: one the last process shares with the first was inherited.
        let inherited = Set(before.values.filter(Self.hasInode)).intersection(after.values)
        #expect(inherited.isEmpty, "descriptors kept across renewals: \(inherited.sorted())")
        #expect(after.count <= before.count, "descriptors before the renewals: \(before), after: \(after)")
        #expect(worker.stop() == 0)
        #expect(Self.renewals(worker).count == renewals.count)
    }

    @Test("SIGTERM while a renewing worker drains its running job exits 0 without renewing")
    func signalDuringDrainExits() throws {
        let db = try WorkerDatabase()
        // The third request, the one that reaches the threshold, is answered
        // only after 5 s: the drain waits for it, and the signal lands inside.
        let receiver = try LoopbackReceiver { _, previous in (200, previous == 2 ? 5 : 0) }
        defer { receiver.stop() }
        try db.configureWebhookEndpoint(url: receiver.url, secret: WebhookDeliveryTests.secret)
        for _ in 0..<5 { _ = try WebhookDeliveryTests.recordEvent(db) }
        let worker = try WorkerProcess(
            db, receiver: receiver, arguments: ["--concurrency", "1"], settings: ["BATON_WORKER_RENEW_AFTER_WEBHOOKS": "3"])

        #expect(eventually(within: 20) { receiver.requests.count == 3 && worker.output.contains("stopping to renew") })
        #expect(try db.count(.completed) == 2, "the third delivery is still running")
        #expect(worker.stop() == 0, "\(worker.output)\n\(worker.logLines)")
        #expect(Self.renewals(worker).isEmpty)
        #expect(Self.starts(worker) == 1)
        #expect(try db.count(.completed) == 3, "the running job finished within the grace")
        #expect(try db.count(.available) == 2)
    }
}
