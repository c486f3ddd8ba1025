import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The delegate of ``WebhookTransport``'s session: hands each task's response
/// head or failure to the worker thread waiting for it, cancels the body and
/// refuses redirects.
///
/// Tasks in flight are kept by task identifier from ``begin(_:)`` to
/// ``end(_:)``, so the table holds at most one entry per worker thread
/// posting at the moment; callbacks for a task no longer in it (one that
/// timed out) are ignored.
final class WebhookExchanges: NSObject, URLSessionDataDelegate, Sendable {
    /// One task's outcome, signalled once the task completes.
    final class Exchange: Sendable {
        let done = DispatchSemaphore(value: 0)
        private let outcome = Mutex<WebhookResponse.Outcome>(.failed("no response"))

        var result: WebhookResponse.Outcome { outcome.withLock { $0 } }

        fileprivate func update(_ change: (inout WebhookResponse.Outcome) -> Void) {
            outcome.withLock { change(&$0) }
        }
    }

    private let inFlight = Mutex<[Int: Exchange]>([:])

    /// Starts tracking the task with `identifier`; call before resuming it.
    func begin(_ identifier: Int) -> Exchange {
        let exchange = Exchange()
        inFlight.withLock { $0[identifier] = exchange }
        return exchange
    }

    /// Stops tracking the task with `identifier`.
    func end(_ identifier: Int) {
        inFlight.withLock { $0[identifier] = nil }
    }

    /// How many tasks are tracked: at most the number of threads posting.
    var count: Int { inFlight.withLock { $0.count } }

    private func exchange(of task: URLSessionTask) -> Exchange? {
        inFlight.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        exchange(of: dataTask)?.update { $0 = .status(status) }
        completionHandler(.cancel)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let exchange = exchange(of: task) else { return }
        if let error = error as? URLError {
            exchange.update { result in
                if case .failed = result { result = .failed(Self.describe(error)) }
            }
        }
        exchange.done.signal()
    }

    /// A fixed phrase per error: never the URL or text from the receiver.
    private static func describe(_ error: URLError) -> String {
        switch error.code {
        case .timedOut: "timed out"
        case .cannotConnectToHost: "connection refused"
        case .cannotFindHost, .dnsLookupFailed: "host not found"
        case .networkConnectionLost: "connection lost"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            "TLS failed"
        default: "request failed (URLError \(error.code.rawValue))"
        }
    }
}
