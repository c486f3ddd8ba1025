import BatonCore
import Foundation

/// HTTP POSTs for webhook deliveries, through one libcurl multi handle
/// driven by a thread of its own (``WebhookCurlLoop``).
///
/// A worker's runner threads call ``post(_:each:)`` with a batch of
/// requests and block until every answer (or failure) came back, taking
/// the answers as they arrive; the loop thread carries every delivery in
/// flight at once, so there is no thread per request and nothing on Swift's
/// cooperative pool. Connections stay open and are reused per endpoint
/// (the multi handle's connection cache), HTTP/2 is negotiated over TLS
/// when the receiver offers it, TLS is verified against the system CA
/// bundle (or instead against `BATON_WEBHOOK_CA_BUNDLE`'s file), redirects are not followed (a 3xx is a failure, like any
/// non-2xx), and the body of the answer is kept up to
/// ``WebhookResponse/bodyLimit`` bytes; the rest is discarded. Proxies
/// come from the environment as libcurl reads them (`https_proxy`,
/// `http_proxy`, `NO_PROXY`; docs/queue.md). Every address a connection is
/// opened to is judged by the ``DestinationPolicy`` after resolution (the
/// proxy's, through a proxy, which resolves the receiver itself; docs/webhooks.md).
/// Failures are fixed categories (``WebhookCurlLoop/phrase(for:)``,
/// `destination_not_allowed`), never libcurl's or the receiver's text or the URL.
///
/// The transport stops when released (or at ``shutdown()``): requests
/// still in flight then fail with `transport_stopped`.
final class WebhookTransport: Sendable {
    private let loop: WebhookCurlLoop
    /// The longest any request may take; each may ask for less.
    let limit: Duration

    /// A transport whose requests never outlast `limit`, each connecting
    /// within `connectLimit` (or its own timeout, when shorter), verifying
    /// receivers against the PEM file `caBundle` instead of the system
    /// bundle when given, connecting only to addresses `destinations`
    /// allows (public ones, unless given).
    init(
        limit: Duration, connectLimit: Duration = .seconds(10), caBundle: String? = nil,
        destinations: DestinationPolicy = DestinationPolicy()
    ) {
        self.limit = limit
        loop = WebhookCurlLoop(connectLimit: connectLimit, caBundle: caBundle, destinations: destinations)
    }

    deinit {
        loop.stop()
    }

    /// Sends `request` and waits for its answer, at most its timeout (and
    /// the transport's limit). Returns the status, or why there was none.
    func post(_ request: WebhookRequest) -> WebhookResponse {
        var response = WebhookResponse(outcome: .failed("no_response"), duration: .zero)
        post([request]) { response = $0[0].response }
        return response
    }

    /// Sends `requests` at once, each within its timeout (and the
    /// transport's limit), handing the answers to `each` as they come back,
    /// several at a time, with their indices in `requests`. Returns when
    /// every request has its answer or failure.
    func post(_ requests: [WebhookRequest], each: ([(index: Int, response: WebhookResponse)]) -> Void) {
        loop.perform(
            requests.map { request in
                var request = request
                request.timeout = min(request.timeout, limit)
                return request
            }, each: each)
    }

    /// Stops the loop thread: requests in flight fail, later ones fail at once.
    func shutdown() {
        loop.stop()
    }

    /// New connections opened so far: with keep-alive, one per endpoint
    /// and concurrent request, not one per request.
    var connectionsOpened: Int { loop.connectionsOpened }
}
