import Postgres
import Testing

@testable import JobQueue

/// The worker's state machine alone, on a clock the test moves: every step
/// the fetch thread takes, and the races between runners and the fetch
/// thread that a real database cannot be made to produce on demand.
@Suite("WorkerState", .timeLimit(.minutes(10)))
struct WorkerStateTests {
    static let origin = ContinuousClock.now

    /// The instant `milliseconds` after the test's origin.
    static func at(_ milliseconds: Int) -> ContinuousClock.Instant { origin + .milliseconds(milliseconds) }

    /// A state for `concurrency` runners: job timeout 1 s, heartbeat every 500 ms, poll every 2 s.
    static func state(concurrency: Int = 4) -> WorkerState {
        WorkerState(
            concurrency: concurrency, jobTimeout: .seconds(1), heartbeatInterval: .milliseconds(500), pollInterval: .seconds(2),
            now: at(0))
    }

    static func jobs(_ ids: ClosedRange<Int64>) -> [ClaimedJob] {
        ids.map { ClaimedJob(id: $0, kind: "test.job", args: PostgresJSON("{}"), attempt: 1, maxAttempts: 3) }
    }

    /// Claims `ids` through a step at `milliseconds`, as the fetch thread would.
    static func claim(_ ids: ClosedRange<Int64>, into state: inout WorkerState, at milliseconds: Int = 0) throws {
        let claimAnswer = state.step(now: at(milliseconds), stopDeadline: nil).claim
        let claim = try #require(claimAnswer)
        state.claimed(jobs(ids), for: claim)
    }

    /// A state whose runner took job 1 at the origin (deadline: 1 s later).
    static func runningOneJob() throws -> WorkerState {
        var state = Self.state()
        try claim(1...1, into: &state)
        _ = state.take(now: at(0))
        return state
    }

    @Test("a step claims as many jobs as slots are free, and after a short claim none until work is signalled")
    func claimsFreeSlotsOnly() throws {
        var state = Self.state()
        let firstAnswer = state.step(now: Self.at(0), stopDeadline: nil).claim
        let first = try #require(firstAnswer)
        #expect(first.limit == 4)
        state.claimed(Self.jobs(1...2), for: first)
        let stepAt1 = state.step(now: Self.at(1), stopDeadline: nil)
        #expect(stepAt1.claim == nil, "the queue was empty when the claim began")
        state.workSignals += 1
        let stepAt2 = state.step(now: Self.at(2), stopDeadline: nil)
        #expect(stepAt2.claim?.limit == 2)
    }

    @Test("a notification that arrives while a claim runs is not lost, even when the claim comes back short")
    func notificationDuringClaim() throws {
        var state = Self.state()
        let claimAnswer = state.step(now: Self.at(0), stopDeadline: nil).claim
        let claim = try #require(claimAnswer)
        state.workSignals += 1
        state.claimed([], for: claim)
        let stepAt1 = state.step(now: Self.at(1), stopDeadline: nil)
        #expect(stepAt1.claim != nil)
    }

    @Test("the poll interval counts as a work signal, and a heartbeat every interval extends every held job")
    func pollAndHeartbeat() throws {
        var state = Self.state()
        let claimAnswer = state.step(now: Self.at(0), stopDeadline: nil).claim
        let claim = try #require(claimAnswer)
        state.claimed(Self.jobs(1...1), for: claim)
        let stepAt499 = state.step(now: Self.at(499), stopDeadline: nil)
        #expect(stepAt499.heartbeat.isEmpty)
        let stepAt500 = state.step(now: Self.at(500), stopDeadline: nil)
        #expect(stepAt500.heartbeat == [1])
        let stepAt600 = state.step(now: Self.at(600), stopDeadline: nil)
        #expect(stepAt600.heartbeat.isEmpty)
        let stepAt1999 = state.step(now: Self.at(1_999), stopDeadline: nil)
        #expect(stepAt1999.claim == nil)
        let stepAt2000 = state.step(now: Self.at(2_000), stopDeadline: nil)
        #expect(stepAt2000.claim?.limit == 3)
    }

    @Test("outcomes wait up to the batch window while others run, then are written together")
    func outcomesAreBatched() throws {
        var state = Self.state()
        try Self.claim(1...4, into: &state)
        for _ in 1...4 { _ = state.take(now: Self.at(1)) }
        state.finish(1, .completed(1), now: Self.at(100))
        let early = state.step(now: Self.at(105), stopDeadline: nil)
        #expect(early.outcomes.isEmpty && early.claim == nil)
        #expect(early.sleep == .milliseconds(5), "it looks again when the window ends")
        let stepAt110 = state.step(now: Self.at(110), stopDeadline: nil)
        #expect(stepAt110.outcomes == [.completed(1)])

        state.finish(2, .completed(2), now: Self.at(200))
        state.finish(3, .completed(3), now: Self.at(201))
        let stepAt201 = state.step(now: Self.at(201), stopDeadline: nil)
        #expect(stepAt201.outcomes == [.completed(2), .completed(3)], "half the slots finished")
        #expect(state.completedCount == 3)
    }

    @Test("a finished job wakes the fetch thread only when it opens the batch window, makes a refill due, or the worker stops")
    func finishWakesOnlyWhenAStepWouldAct() throws {
        var state = Self.state(concurrency: 6)
        try Self.claim(1...6, into: &state)
        for _ in 1...6 { _ = state.take(now: Self.at(1)) }
        let first = state.finish(1, .completed(1), now: Self.at(2))
        #expect(first, "the first outcome sets the window's timer")
        let second = state.finish(2, .completed(2), now: Self.at(3))
        #expect(!second, "a second one changes no step")
        let third = state.finish(3, .completed(3), now: Self.at(4))
        #expect(third, "half the slots finished: refill")
        _ = state.step(now: Self.at(5), stopDeadline: nil)
        let fourth = state.finish(4, .completed(4), now: Self.at(6))
        #expect(fourth, "a new window opens")
        state.stopping = true
        let fifth = state.finish(5, .completed(5), now: Self.at(7))
        #expect(fifth, "stopping: every outcome is written")
    }

    @Test("a failed write puts its outcomes back ahead of newer ones")
    func restoreKeepsOrder() throws {
        var state = Self.state(concurrency: 1)
        try Self.claim(1...1, into: &state)
        _ = state.take(now: Self.at(1))
        state.finish(1, .completed(1), now: Self.at(2))
        let unwritten = state.step(now: Self.at(3), stopDeadline: nil).outcomes
        state.workSignals += 1
        try Self.claim(2...2, into: &state, at: 3)
        _ = state.take(now: Self.at(4))
        state.finish(2, .completed(2), now: Self.at(5))
        state.restore(unwritten, now: Self.at(6))
        let stepAt7 = state.step(now: Self.at(7), stopDeadline: nil)
        #expect(stepAt7.outcomes == [.completed(1), .completed(2)])
    }

    @Test("a job whose deadline passes just as it completes counts once, as timed out, and frees its runner")
    func timeoutRacingCompletion() throws {
        var state = Self.state()
        try Self.claim(1...1, into: &state)
        let takenAt0 = state.take(now: Self.at(0))
        #expect(takenAt0.map(\.id) == [1])
        let stepAt1000 = state.step(now: Self.at(1_000), stopDeadline: nil)
        #expect(stepAt1000.outcomes.isEmpty, "at the deadline itself it is still running")
        _ = state.step(now: Self.at(1_001), stopDeadline: nil)
        // The handler returns in the same instant: too late to count.
        state.finish(1, .completed(1), now: Self.at(1_001))
        let written = state.step(now: Self.at(1_002), stopDeadline: nil).outcomes
        guard written.count == 1, case .failed(let failure) = written[0] else {
            Issue.record("expected one timeout")
            return
        }
        #expect(failure.id == 1 && failure.message.hasPrefix("timed out after 1.0 seconds"))
        #expect((state.completedCount, state.failedCount, state.runningJobs) == (0, 1, 0))
    }

    @Test("a job that completes just before its deadline is checked counts as completed, and nothing times out")
    func completionRacingTimeout() throws {
        var state = try Self.runningOneJob()
        state.finish(1, .completed(1), now: Self.at(1_001))
        let stepAt1001 = state.step(now: Self.at(1_001), stopDeadline: nil)
        #expect(stepAt1001.outcomes == [.completed(1)])
        #expect((state.completedCount, state.failedCount) == (1, 0))
    }

    @Test("a running job's deadline wakes the fetch thread, and a heartbeat names only jobs still held")
    func sleepUntilTheNextTimer() throws {
        var state = Self.state(concurrency: 2)
        try Self.claim(1...2, into: &state)
        _ = state.take(now: Self.at(100))
        _ = state.take(now: Self.at(100))
        state.finish(2, .completed(2), now: Self.at(200))
        let stepAt300 = state.step(now: Self.at(300), stopDeadline: nil)
        #expect(stepAt300.sleep == .milliseconds(200), "the heartbeat at 500 ms comes first")
        let stepAt500 = state.step(now: Self.at(500), stopDeadline: nil)
        #expect(stepAt500.heartbeat == [1])
        let stepAt600 = state.step(now: Self.at(600), stopDeadline: nil)
        #expect(stepAt600.sleep == .milliseconds(400))
        let stepAt1000 = state.step(now: Self.at(1_000), stopDeadline: nil)
        #expect(stepAt1000.sleep == .milliseconds(100), "job 1's deadline at 1.1 s")
    }

    @Test("stopping hands back unstarted jobs at once, waits for running ones until the grace ends, then hands back the rest")
    func stoppingWithGrace() throws {
        var state = Self.state()
        try Self.claim(1...3, into: &state)
        _ = state.take(now: Self.at(0))
        _ = state.take(now: Self.at(0))
        state.stopping = true
        let grace = Self.at(800)
        let first = state.step(now: Self.at(10), stopDeadline: grace)
        #expect(first.release == [3] && !first.finished && first.claim == nil)
        let takenAt11 = state.take(now: Self.at(11))
        #expect(takenAt11.isEmpty, "no runner starts a job once stopping")
        state.finish(1, .completed(1), now: Self.at(50))
        let second = state.step(now: Self.at(60), stopDeadline: grace)
        #expect(second.outcomes == [.completed(1)] && second.release.isEmpty && !second.finished)
        let last = state.step(now: Self.at(800), stopDeadline: grace)
        #expect(last.release == [2] && last.finished)
        state.finish(2, .completed(2), now: Self.at(900))
        #expect(state.completedCount == 1, "a job handed back does not also complete")
    }

    @Test("stopping with nothing running finishes in one step, writing what is left")
    func stoppingIdle() throws {
        var state = try Self.runningOneJob()
        state.finish(1, .completed(1), now: Self.at(1))
        state.stopping = true
        let step = state.step(now: Self.at(2), stopDeadline: Self.at(10_000))
        #expect(
            step
                == WorkerState.Step(
                    outcomes: [.completed(1)], heartbeat: [], claim: nil, release: [], finished: true, sleep: .milliseconds(498)))
    }

    @Test("a claim wakes one runner per batch kind, which takes every waiting job of that kind at once; each holds its slot until reported")
    func batchKindsAreTakenTogether() throws {
        var state = WorkerState(
            concurrency: 6, batchKinds: ["test.batch"], jobTimeout: .seconds(1), heartbeatInterval: .milliseconds(500),
            pollInterval: .seconds(2), now: Self.at(0))
        let claimAnswer = state.step(now: Self.at(0), stopDeadline: nil).claim
        let claim = try #require(claimAnswer)
        let batch = (1...3).map { ClaimedJob(id: $0, kind: "test.batch", args: PostgresJSON("{}"), attempt: 1, maxAttempts: 3) }
        #expect(state.claimed([batch[0]] + Self.jobs(4...5) + batch[1...], for: claim) == 3, "two single jobs and one batch")
        #expect(state.take(now: Self.at(1)).map(\.id) == [1, 2, 3])
        #expect(state.take(now: Self.at(1)).map(\.id) == [4])
        #expect(state.freeSlots == 1)
        state.finish(2, .completed(2), now: Self.at(2))
        #expect(state.runningJobs == 3 && state.freeSlots == 2)
        let stepAt1002 = state.step(now: Self.at(1_002), stopDeadline: nil)
        #expect(stepAt1002.outcomes.count == 4, "job 2's completion and the timeouts of 1, 3 and 4")
    }

    @Test("a claim grows to the slots freed while the turn wrote its outcomes, and never shrinks")
    func claimWidensToFreedSlots() throws {
        var state = Self.state()
        try Self.claim(1...4, into: &state)
        for _ in 1...4 { _ = state.take(now: Self.at(1)) }
        state.finish(1, .completed(1), now: Self.at(2))
        state.finish(2, .completed(2), now: Self.at(3))
        let turn = state.step(now: Self.at(4), stopDeadline: nil)
        let claimAnswer = turn.claim
        let planned = try #require(claimAnswer)
        #expect(planned.limit == 2)
        state.finish(3, .completed(3), now: Self.at(5))
        #expect(state.widened(planned) == WorkerState.Claim(limit: 3, signals: planned.signals))
        state.stopping = true
        #expect(state.widened(planned) == planned, "stopping frees no slot for claims")
    }
}
