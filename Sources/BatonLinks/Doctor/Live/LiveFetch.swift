import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One GET as Apple's CDN makes it for the AASA file: redirects are not
/// followed (a 3xx is the answer), at most `limit` bytes of body are kept,
/// and it gives up after `timeout` seconds.
///
/// Blocks the calling thread until the answer is in; `baton doctor` calls
/// it from its own main thread.
enum LiveFetch {
    /// What came back.
    struct Answer: Sendable {
        let status: Int
        /// The media type of `Content-Type`, lower-cased, without parameters.
        let mediaType: String?
        let location: String?
        let body: Data
        /// Whether the body was longer than the limit (and cut there).
        let isTruncated: Bool
    }

    static func get(_ url: URL, limit: Int, timeout: TimeInterval = 10) -> Result<Answer, FetchFailure> {
        let collector = Collector(limit: limit)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        var request = URLRequest(url: url)
        request.setValue("application/json, text/html;q=0.9", forHTTPHeaderField: "Accept")
        session.dataTask(with: request).resume()
        collector.done.wait()
        return collector.result
    }

    /// Why nothing came back.
    struct FetchFailure: Error, Sendable {
        let reason: String
    }

    /// The delegate: refuses redirects, keeps the first `limit + 1` bytes.
    private final class Collector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        let limit: Int
        let done = DispatchSemaphore(value: 0)
        // Delegate callbacks arrive one at a time on the session's queue;
        // the lock orders them with the reader after `done`.
        private let lock = NSLock()
        private var body = Data()
        private var truncated = false
        private var outcome: Result<Answer, FetchFailure> = .failure(FetchFailure(reason: "no answer"))

        init(limit: Int) { self.limit = limit }

        var result: Result<Answer, FetchFailure> { lock.withLock { outcome } }

        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
        ) {
            completionHandler(nil)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            let over = lock.withLock {
                body.append(data.prefix(limit + 1 - body.count))
                truncated = body.count > limit
                return truncated
            }
            if over { dataTask.cancel() }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            lock.withLock {
                if let response = task.response as? HTTPURLResponse, error == nil || truncated {
                    let type = response.value(forHTTPHeaderField: "Content-Type")?.split(separator: ";").first
                    outcome = .success(
                        Answer(
                            status: response.statusCode,
                            mediaType: type.map { $0.trimmingCharacters(in: .whitespaces).lowercased() },
                            location: response.value(forHTTPHeaderField: "Location"), body: body.prefix(limit), isTruncated: truncated))
                } else {
                    outcome = .failure(
                        FetchFailure(
                            reason: error.map { String(describing: type(of: $0)) + " " + $0.localizedDescription } ?? "no HTTP answer"))
                }
            }
            done.signal()
        }
    }
}
