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
    private let session: URLSession
    /// The tasks in flight; internal for the tests that check it empties.
    let exchanges = WebhookExchanges()

    /// Counts every request sent, for process renewal; nil counts nothing.
    let attempts: WebhookAttemptCounter?

    /// A transport whose requests never outlast `limit` (each may ask for
    /// less), counting them in `attempts`.
    init(limit: Duration, attempts: WebhookAttemptCounter? = nil) {
        self.attempts = attempts
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

    /// Sends `request` and waits at most its timeout for the response head.
    func post(_ request: WebhookRequest) -> WebhookResponse {
        let started = ContinuousClock.now
        let seconds = Self.seconds(request.timeout)
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = "POST"
        urlRequest.httpBody = request.body
        urlRequest.timeoutInterval = seconds
        for header in request.headers { urlRequest.setValue(header.value, forHTTPHeaderField: header.name) }
        attempts?.record()
        let task = session.dataTask(with: urlRequest)
        let exchange = exchanges.begin(task.taskIdentifier)
        task.resume()
        defer { exchanges.end(task.taskIdentifier) }
        guard exchange.done.wait(timeout: .now() + seconds + 1) == .success else {
            task.cancel()
            return WebhookResponse(outcome: .failed("timed out"), duration: .now - started)
        }
        return WebhookResponse(outcome: exchange.result, duration: .now - started)
    }

    private static func seconds(_ duration: Duration) -> Double {
        max(0.001, duration / .seconds(1))
    }
}
