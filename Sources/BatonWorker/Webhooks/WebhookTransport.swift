import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// HTTP POSTs through one long-lived `URLSession` (libcurl on Linux), each
/// bridged to the calling worker thread with a semaphore.
///
/// One session for every delivery, not one per delivery: on Linux each
/// session brings its own libcurl multi handle, dispatch queues and timer,
/// and a session per webhook made the process grow with every delivery (the
/// soak's RSS climbed with the deliveries and with nothing else; see the soak
/// section of docs/testing.md). Tearing a session down with
/// `invalidateAndCancel()` also raced the session's own queue and could crash
/// the process (a trap in that method under heaptrack); this session ends
/// with `finishTasksAndInvalidate()`, which runs on that queue, when the
/// transport is released. Every task still leaks a little inside
/// FoundationNetworking itself (`CFURLSessionCurlHostIsEqual` never frees the
/// libcurl URL handle it parses each request's URL into; docs/testing.md has
/// the heaptrack figures), which only a transport without `URLSession` would
/// avoid.
///
/// Only the status line matters: the body of the answer is never read (the
/// task is cancelled once the response head arrives), so a receiver cannot
/// make the worker buffer an unbounded answer, and redirects are not
/// followed (a 3xx counts as a failure, like any non-2xx).
final class WebhookTransport: Sendable {
    /// What came back.
    enum Result: Equatable, Sendable {
        case status(Int)
        case failed(String)
    }

    private let session: URLSession
    /// The tasks in flight; internal for the tests that check it empties.
    let exchanges = WebhookExchanges()

    /// A transport whose requests never outlast `limit` (each may ask for less).
    init(limit: Duration) {
        let seconds = Self.seconds(limit)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = seconds
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        session = URLSession(configuration: configuration, delegate: exchanges, delegateQueue: nil)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends `request` and waits at most `timeout` for the response head.
    func post(_ request: URLRequest, timeout: Duration) -> Result {
        let seconds = Self.seconds(timeout)
        var request = request
        request.timeoutInterval = seconds
        let task = session.dataTask(with: request)
        let exchange = exchanges.begin(task.taskIdentifier)
        task.resume()
        defer { exchanges.end(task.taskIdentifier) }
        guard exchange.done.wait(timeout: .now() + seconds + 1) == .success else {
            task.cancel()
            return .failed("timed out")
        }
        return exchange.result
    }

    private static func seconds(_ duration: Duration) -> Double {
        max(0.001, duration / .seconds(1))
    }
}
