import BackgroundServices
import BatonCore
import CCurl
import Foundation
import Synchronization

/// The thread and libcurl multi handle behind ``WebhookTransport``.
///
/// Posting threads queue their ``WebhookTransfer``s (a whole batch at
/// once) and wake the loop with `curl_multi_wakeup` (once per turn,
/// however many arrive); the loop adds
/// each to the multi handle on an easy handle it reuses, lets libcurl move
/// every transfer on (`curl_multi_perform`), hands finished ones back, and
/// sleeps in `curl_multi_poll` until a socket, a libcurl timer or a wake-up
/// needs it. The multi handle keeps the connection cache, so every easy
/// handle reuses the open connections to an endpoint, and HTTP/2
/// connections carry several transfers at once.
final class WebhookCurlLoop: Sendable {
    private struct Queue {
        var pending: [WebhookTransfer] = []
        var stopping = false
        /// A wake-up was sent since the loop last took the queue.
        var woken = false
    }

    /// The multi handle: used by the loop thread, and by any thread for
    /// `curl_multi_wakeup` (the one call libcurl allows from elsewhere);
    /// freed when the loop object is.
    private let multi: Handle
    private let queue = Mutex(Queue())
    private let ended = DispatchSemaphore(value: 0)
    private let opened = Atomic<Int>(0)
    /// The longest a delivery may take to connect.
    let connectLimit: Duration
    /// The PEM file receivers are verified against instead of the system bundle, if any.
    let caBundle: String?
    /// Which addresses transfers may connect to.
    let destinations: DestinationPolicy

    /// A libcurl handle pointer, carried between threads by the rules above.
    private struct Handle: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
    }

    private static let initialized: Bool = baton_curl_global_init() == CURLE_OK

    /// Starts the loop thread (`baton-webhooks`).
    init(connectLimit: Duration, caBundle: String?, destinations: DestinationPolicy) {
        self.connectLimit = connectLimit
        self.caBundle = caBundle
        self.destinations = destinations
        precondition(Self.initialized, "libcurl failed to initialize")
        guard let multi = curl_multi_init() else { preconditionFailure("curl_multi_init failed: out of memory") }
        self.multi = Handle(pointer: multi)
        _ = baton_curl_multi_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
        ServiceThread.start(named: "baton-webhooks") { [self] in
            var state = LoopState()
            run(&state)
        }
    }

    deinit {
        curl_multi_cleanup(multi.pointer)
    }

    /// New connections opened by finished transfers so far.
    var connectionsOpened: Int { opened.load(ordering: .relaxed) }

    /// Queues `requests` together (one wake-up of the loop) and hands
    /// their responses to `each` as they come back: each call gets every
    /// response that arrived since the previous one, with its index in
    /// `requests`, so a slow receiver holds back only its own. Returns once
    /// every request has its response.
    func perform(_ requests: [WebhookRequest], each: ([(index: Int, response: WebhookResponse)]) -> Void) {
        let group = WebhookTransferGroup()
        var transfers: [Int: WebhookTransfer] = [:]
        var refused: [(index: Int, response: WebhookResponse)] = []
        for (index, request) in requests.enumerated() {
            if let problem = Self.headerProblem(request) {
                refused.append((index: index, response: WebhookResponse(outcome: .failed(problem), duration: .zero)))
            } else {
                transfers[index] = WebhookTransfer(request, index: index, group: group, destinations: destinations)
            }
        }
        if !refused.isEmpty { each(refused) }
        guard !transfers.isEmpty else { return }
        let (accepted, wake) = queue.withLock { queue -> (Bool, Bool) in
            guard !queue.stopping else { return (false, false) }
            queue.pending += transfers.values
            defer { queue.woken = true }
            return (true, !queue.woken)
        }
        guard accepted else {
            return each(transfers.keys.map { (index: $0, response: WebhookResponse(outcome: .failed(Self.stopped), duration: .zero)) })
        }
        if wake { curl_multi_wakeup(multi.pointer) }
        // libcurl ends each transfer at its timeout; the extra seconds only
        // guard against a loop that stopped turning.
        let longest = requests.map(\.timeout).max() ?? .zero
        let patience = DispatchTime.now() + .milliseconds(Int(longest / .milliseconds(1)) + 2_000)
        while !transfers.isEmpty {
            let ready = group.next(until: patience)
            guard !ready.isEmpty else {
                return each(
                    transfers.map { entry in
                        (index: entry.key, response: WebhookResponse(outcome: .failed("timeout"), duration: .now - entry.value.started))
                    })
            }
            each(
                ready.compactMap { index in
                    transfers.removeValue(forKey: index).map { transfer in
                        (
                            index: index,
                            response: transfer.response
                                ?? WebhookResponse(outcome: .failed("no_response"), duration: .now - transfer.started)
                        )
                    }
                })
        }
    }

    /// Stops the loop: queued and running transfers fail with
    /// `transport_stopped`, later ones at once. Waits for the loop thread to end.
    func stop() {
        let first = queue.withLock { queue in
            defer { queue.stopping = true }
            return !queue.stopping
        }
        guard first else { return }
        curl_multi_wakeup(multi.pointer)
        ended.wait()
    }

    /// The failure of a transfer the stopping transport never finished.
    static let stopped = "transport_stopped"

    /// What only the loop thread touches: the easy handles in use, each
    /// with its transfer, and those free for the next.
    private struct LoopState {
        var active: [UnsafeMutableRawPointer: WebhookTransfer] = [:]
        var idle: [UnsafeMutableRawPointer] = []
    }

    private func run(_ state: inout LoopState) {
        while true {
            let (pending, stopping) = queue.withLock { queue in
                defer {
                    queue.pending = []
                    queue.woken = false
                }
                return (queue.pending, queue.stopping)
            }
            if stopping {
                for transfer in pending { transfer.finish(.failed(Self.stopped)) }
                break
            }
            for transfer in pending { start(transfer, &state) }
            var running: Int32 = 0
            _ = curl_multi_perform(multi.pointer, &running)
            collectFinished(&state)
            _ = curl_multi_poll(multi.pointer, nil, 0, 1000, nil)
        }
        for (easy, transfer) in state.active {
            curl_multi_remove_handle(multi.pointer, easy)
            transfer.finish(.failed(Self.stopped))
            curl_easy_cleanup(easy)
        }
        state.idle.forEach { curl_easy_cleanup($0) }
        ended.signal()
    }

    /// Puts `transfer` on an easy handle and into the multi handle, or fails it.
    private func start(_ transfer: WebhookTransfer, _ state: inout LoopState) {
        guard let easy = state.idle.popLast() ?? Self.makeEasyHandle(caBundle: caBundle) else {
            return transfer.finish(.failed("request_failed"))
        }
        guard configure(easy, for: transfer), curl_multi_add_handle(multi.pointer, easy) == CURLM_OK else {
            state.idle.append(easy)
            return transfer.finish(.failed("bad_url"))
        }
        state.active[easy] = transfer
    }

    /// Hands every finished transfer its outcome and keeps its easy handle for the next.
    private func collectFinished(_ state: inout LoopState) {
        var queued: Int32 = 0
        while let message = curl_multi_info_read(multi.pointer, &queued) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                let transfer = state.active.removeValue(forKey: easy)
            else { continue }
            let code = baton_curl_message_result(message)
            var status = 0
            var connects = 0
            _ = baton_curl_info_long(easy, CURLINFO_RESPONSE_CODE, &status)
            _ = baton_curl_info_long(easy, CURLINFO_NUM_CONNECTS, &connects)
            opened.add(connects, ordering: .relaxed)
            curl_multi_remove_handle(multi.pointer, easy)
            state.idle.append(easy)
            transfer.finish(
                Self.outcome(
                    code, status: status, abandonedBody: transfer.abandonedBody, refusedDestination: transfer.refusedDestination != nil))
        }
    }

    /// The failure of a transfer whose every address the destination
    /// policy refused: nothing was connected.
    static let destinationNotAllowed = "destination_not_allowed"

    /// A finished transfer's outcome: its status, also when the loop itself
    /// cut off a long answer; otherwise the failure, which is
    /// ``destinationNotAllowed`` when an address was refused (libcurl only
    /// says it could not connect).
    static func outcome(_ code: CURLcode, status: Int, abandonedBody: Bool, refusedDestination: Bool) -> WebhookResponse.Outcome {
        if code == CURLE_OK || (code == CURLE_WRITE_ERROR && abandonedBody), status > 0 { return .status(status) }
        return .failed(refusedDestination && code == CURLE_COULDNT_CONNECT ? destinationNotAllowed : phrase(for: code))
    }
}
