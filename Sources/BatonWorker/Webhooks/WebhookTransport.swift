import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// One HTTP POST through `URLSession` (libcurl on Linux), bridged to the
/// calling worker thread with a semaphore.
///
/// Only the status line matters: the body of the answer is never read (the
/// task is cancelled once the response head arrives), so a receiver cannot
/// make the worker buffer an unbounded answer, and redirects are not
/// followed (a 3xx counts as a failure, like any non-2xx).
enum WebhookTransport {
    /// What came back.
    enum Result: Equatable {
        case status(Int)
        case failed(String)
    }

    static func post(_ request: URLRequest, timeout: Duration) -> Result {
        let seconds = max(0.001, timeout / .seconds(1))
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = seconds
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        let catcher = ResponseCatcher()
        let session = URLSession(configuration: configuration, delegate: catcher, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        session.dataTask(with: request).resume()
        guard catcher.done.wait(timeout: .now() + seconds + 1) == .success else { return .failed("timed out") }
        return catcher.result
    }
}

/// Receives the response head, cancels the body, refuses redirects.
private final class ResponseCatcher: NSObject, URLSessionDataDelegate, Sendable {
    let done = DispatchSemaphore(value: 0)
    private let outcome = Mutex<WebhookTransport.Result>(.failed("no response"))

    var result: WebhookTransport.Result { outcome.withLock { $0 } }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        outcome.withLock { $0 = .status(status) }
        completionHandler(.cancel)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error = error as? URLError {
            outcome.withLock { result in
                if case .failed = result { result = .failed(Self.describe(error)) }
            }
        }
        done.signal()
    }

    /// A fixed phrase per error: never the URL or text from the receiver.
    private static func describe(_ error: URLError) -> String {
        switch error.code {
        case .timedOut: "timed out"
        case .cannotConnectToHost: "connection refused"
        case .cannotFindHost, .dnsLookupFailed: "host not found"
        case .networkConnectionLost: "connection lost"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot: "TLS failed"
        default: "request failed (URLError \(error.code.rawValue))"
        }
    }
}
