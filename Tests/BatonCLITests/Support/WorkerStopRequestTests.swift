import BatonTestSupport
import Dispatch
import Foundation
import Testing

@testable import BatonCLI

@Suite("WorkerStopRequest")
struct WorkerStopRequestTests {
    /// What happens to a running worker, in order.
    enum Step: String, CustomTestStringConvertible {
        case threshold, signal
        var testDescription: String { rawValue }
    }

    /// A request whose "signal" arrives when the test releases it.
    static func request() -> (WorkerStopRequest, send: @Sendable () -> Void) {
        let sent = DispatchSemaphore(value: 0)
        let request = WorkerStopRequest {
            sent.wait()
            return SIGTERM
        }
        return (request, { sent.signal() })
    }

    @Test(
        "the first of a signal and the renewal threshold wakes the command, and a signal at any time means exit, never exec",
        arguments: [
            ([Step.threshold], true, WorkerStopRequest.Ending.renew),
            ([.signal], false, .exit),
            ([.signal, .threshold], false, .exit),
            ([.threshold, .signal], true, .exit),
        ])
    func signalAlwaysWins(steps: [Step], wokenToRenew: Bool, ending: WorkerStopRequest.Ending) throws {
        let (request, send) = Self.request()
        defer { if !steps.contains(.signal) { send() } } // lets the waiting thread end
        for (index, step) in steps.enumerated() {
            switch step {
            case .threshold: request.renew()
            case .signal: send()
            }
            if index == 0 {
                #expect(request.wait() == wokenToRenew)
            }
        }
        // The signal thread records its signal asynchronously: give it the time to.
        if steps.contains(.signal) {
            #expect(eventually { request.endingAfterDrain() == .exit })
        }
        #expect(request.endingAfterDrain() == ending)
    }
}
