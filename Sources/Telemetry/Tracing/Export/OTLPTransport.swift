import CCurl
import Foundation

/// One libcurl handle posting OTLP/JSON export requests to a collector's
/// traces URL, with the configured headers. Blocking: used only on the
/// exporter's own thread. Reused across exports, so the connection is kept alive.
public final class OTLPTransport {
    private let easy: UnsafeMutableRawPointer
    private var headers: UnsafeMutablePointer<curl_slist>?
    private let url: String

    /// A handle for `url` (such as `http://collector:4318/v1/traces`)
    /// sending `headers` with every export, each post given at most `timeout`.
    /// - Throws: ``TracingError`` `otlp_transport_unavailable` when libcurl has no handle.
    public init(url: URL, headers: [(name: String, value: String)], timeout: Duration) throws(TracingError) {
        guard let easy = curl_easy_init() else { throw .transportUnavailable }
        self.easy = easy
        self.url = url.absoluteString
        var list: UnsafeMutablePointer<curl_slist>?
        for line in ["Content-Type: application/json"] + headers.map({ "\($0.name): \($0.value)" }) {
            list = curl_slist_append(list, line) ?? list
        }
        self.headers = list
        _ = baton_curl_easy_long(easy, CURLOPT_TIMEOUT_MS, max(1, Int(timeout / .milliseconds(1))))
        _ = baton_curl_easy_long(easy, CURLOPT_POST, 1)
        _ = baton_curl_easy_pointer(easy, CURLOPT_PROTOCOLS_STR, "http,https")
        _ = baton_curl_easy_long(easy, CURLOPT_NOSIGNAL, 1)
        _ = baton_curl_easy_write(easy, discardBody)
    }

    deinit {
        curl_slist_free_all(headers)
        curl_easy_cleanup(easy)
    }

    /// Posts `body`; whether the collector answered 2xx in time.
    func post(_ body: String) -> Bool {
        var body = body
        return body.withUTF8 { bytes in
            _ = url.withCString { baton_curl_easy_pointer(easy, CURLOPT_URL, $0) }
            _ = baton_curl_easy_pointer(easy, CURLOPT_HTTPHEADER, headers)
            _ = baton_curl_easy_post_size(easy, curl_off_t(bytes.count))
            _ = baton_curl_easy_pointer(easy, CURLOPT_POSTFIELDS, bytes.baseAddress)
            guard curl_easy_perform(easy) == CURLE_OK else { return false }
            var status = 0
            _ = baton_curl_info_long(easy, CURLINFO_RESPONSE_CODE, &status)
            return (200..<300).contains(status)
        }
    }
}

/// Reads and discards a collector's answer: only its status matters.
private func discardBody(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?
) -> Int {
    size * count
}
