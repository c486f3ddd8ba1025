import CCurl
import Foundation

extension WebhookCurlLoop {
    /// A new easy handle with the options every delivery shares: POST,
    /// HTTP(S) only, HTTP/2 over TLS when offered, TLS verified against the
    /// system CA bundle (libcurl's default on Debian) or the PEM file
    /// `caBundle` instead, no redirects, no signals, the answer's body into
    /// ``WebhookTransfer/receive(_:)``, and every socket opened by
    /// ``WebhookTransfer/openSocket(_:)``, which judges the resolved address.
    static func makeEasyHandle(caBundle: String?) -> UnsafeMutableRawPointer? {
        guard let easy = curl_easy_init() else { return nil }
        _ = baton_curl_easy_long(easy, CURLOPT_NOSIGNAL, 1)
        _ = baton_curl_easy_long(easy, CURLOPT_POST, 1)
        _ = baton_curl_easy_pointer(easy, CURLOPT_PROTOCOLS_STR, "http,https")
        _ = baton_curl_easy_long(easy, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
        // Wait for a connection being set up to the same endpoint rather than open another: HTTP/2 multiplexes.
        _ = baton_curl_easy_long(easy, CURLOPT_PIPEWAIT, 1)
        _ = baton_curl_easy_long(easy, CURLOPT_FOLLOWLOCATION, 0)
        _ = baton_curl_easy_long(easy, CURLOPT_SSL_VERIFYPEER, 1)
        _ = baton_curl_easy_long(easy, CURLOPT_SSL_VERIFYHOST, 2)
        if let caBundle {
            // Debian's libcurl also has a default CA directory: without clearing it the system's CAs would stay trusted.
            _ = baton_curl_easy_pointer(easy, CURLOPT_CAINFO, caBundle)
            _ = baton_curl_easy_pointer(easy, CURLOPT_CAPATH, nil)
        }
        _ = baton_curl_easy_long(easy, CURLOPT_TCP_KEEPALIVE, 1)
        // libcurl calls this with each address it resolved, right before it connects: the
        // one place a name that resolves (or rebinds) to a refused address is stopped.
        _ = baton_curl_easy_opensocket(easy) { context, _, address in
            guard let context, let address else { return CURL_SOCKET_BAD }
            return Unmanaged<WebhookTransfer>.fromOpaque(context).takeUnretainedValue().openSocket(address)
        }
        _ = baton_curl_easy_write(easy) { data, size, count, context in
            guard let data, let context else { return 0 }
            let transfer = Unmanaged<WebhookTransfer>.fromOpaque(context).takeUnretainedValue()
            return transfer.receive(UnsafeRawBufferPointer(start: data, count: size * count))
        }
        return easy
    }

    /// Sets the options of one delivery on `easy`: URL, headers, body,
    /// timeouts and where the answer goes. False when libcurl refuses the URL.
    func configure(_ easy: UnsafeMutableRawPointer, for transfer: WebhookTransfer) -> Bool {
        let request = transfer.request
        guard baton_curl_easy_pointer(easy, CURLOPT_URL, request.url.absoluteString) == CURLE_OK else { return false }
        var list: UnsafeMutablePointer<curl_slist>?
        // "Expect:" stops libcurl from waiting for a 100 Continue before bodies over 1 KiB.
        for line in request.headers.map({ "\($0.name): \($0.value)" }) + ["Expect:"] {
            list = curl_slist_append(list, line)
        }
        transfer.headerList = list
        _ = baton_curl_easy_pointer(easy, CURLOPT_HTTPHEADER, list)
        _ = baton_curl_easy_post_size(easy, curl_off_t(request.body.count))
        // COPYPOSTFIELDS wants a pointer even for an empty body.
        _ = request.body.withUnsafeBytes { bytes in
            bytes.isEmpty
                ? baton_curl_easy_pointer(easy, CURLOPT_COPYPOSTFIELDS, "")
                : baton_curl_easy_pointer(easy, CURLOPT_COPYPOSTFIELDS, bytes.baseAddress)
        }
        let total = max(1, Int(request.timeout / .milliseconds(1)))
        _ = baton_curl_easy_long(easy, CURLOPT_TIMEOUT_MS, total)
        _ = baton_curl_easy_long(easy, CURLOPT_CONNECTTIMEOUT_MS, min(total, max(1, Int(connectLimit / .milliseconds(1)))))
        _ = baton_curl_easy_pointer(easy, CURLOPT_WRITEDATA, Unmanaged.passUnretained(transfer).toOpaque())
        _ = baton_curl_easy_pointer(easy, CURLOPT_OPENSOCKETDATA, Unmanaged.passUnretained(transfer).toOpaque())
        return true
    }

    /// Why `request`'s headers cannot be sent, or nil: a CR, LF or NUL
    /// would let a value start a header (or a request) of its own.
    static func headerProblem(_ request: WebhookRequest) -> String? {
        let forbidden = { (byte: UInt8) in byte == 0 || byte == 10 || byte == 13 }
        let valid = request.headers.allSatisfy { header in
            !header.name.isEmpty && !header.name.utf8.contains { forbidden($0) || $0 == UInt8(ascii: ":") }
                && !header.value.utf8.contains(where: forbidden)
        }
        return valid ? nil : "invalid_header"
    }

    /// A fixed category per libcurl result: never libcurl's text, the URL
    /// or text from the receiver.
    static func phrase(for code: CURLcode) -> String {
        switch code {
        case CURLE_OPERATION_TIMEDOUT: "timeout"
        case CURLE_COULDNT_CONNECT: "connection_refused"
        case CURLE_COULDNT_RESOLVE_HOST: "host_not_found"
        case CURLE_COULDNT_RESOLVE_PROXY: "proxy_not_found"
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS:
            "tls"
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE: "connection_lost"
        case CURLE_WEIRD_SERVER_REPLY, CURLE_HTTP2, CURLE_HTTP2_STREAM: "malformed_response"
        case CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL: "bad_url"
        case CURLE_OK: "no_response"
        default: "request_failed"
        }
    }
}
