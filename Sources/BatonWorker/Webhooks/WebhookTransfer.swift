import BatonCore
import CCurl

/// One POST on its way through ``WebhookCurlLoop``: the request, what has
/// come back so far, and the group it reports to when it ends.
///
/// The posting thread creates it and then only waits on its ``group``;
/// from the moment it is queued until it is added there, only the loop
/// thread touches the mutable fields, and the group's lock orders those
/// writes before the posting thread's read of ``response``. Hence
/// `@unchecked Sendable`.
final class WebhookTransfer: @unchecked Sendable {
    let request: WebhookRequest
    let started: ContinuousClock.Instant
    /// Where the transfer reports its end, as `index`.
    let group: WebhookTransferGroup
    let index: Int
    /// Which addresses it may connect to.
    let destinations: DestinationPolicy
    /// The class of an address ``openSocket(_:)`` refused, if it refused one.
    private(set) var refusedDestination: DestinationPolicy.AddressClass?
    /// The outcome; set by the loop thread just before ``done`` is signalled.
    var response: WebhookResponse?
    /// The request's header list, owned by libcurl's easy handle while it runs.
    var headerList: UnsafeMutablePointer<curl_slist>?
    /// The first bytes of the answer's body.
    private(set) var bodyPrefix: [UInt8] = []
    private var received = 0
    /// Whether the loop stopped reading an answer that went on past ``discardLimit``.
    private(set) var abandonedBody = false

    /// How much of an answer's body is read (and dropped past
    /// ``WebhookResponse/bodyLimit``) before the transfer stops reading: a
    /// short error page leaves the connection reusable, an endless one is
    /// cut off (the connection is closed; the status still counts).
    static let discardLimit = 65_536

    init(_ request: WebhookRequest, index: Int, group: WebhookTransferGroup, destinations: DestinationPolicy) {
        self.request = request
        self.index = index
        self.group = group
        self.destinations = destinations
        started = .now
    }

    /// Takes `count` bytes of the answer's body; returns how many it
    /// consumed (less than `count` makes libcurl end the transfer).
    func receive(_ bytes: UnsafeRawBufferPointer) -> Int {
        let room = WebhookResponse.bodyLimit - bodyPrefix.count
        if room > 0 { bodyPrefix += bytes.prefix(room) }
        received += bytes.count
        guard received <= Self.discardLimit else {
            abandonedBody = true
            return 0
        }
        return bytes.count
    }

    /// The socket for a connection to `address` (as libcurl resolved it),
    /// or `CURL_SOCKET_BAD` when ``destinations`` refuses the address:
    /// then nothing is connected, the refusal is remembered, and libcurl
    /// tries the name's next address or fails with `CURLE_COULDNT_CONNECT`.
    func openSocket(_ address: UnsafeMutablePointer<curl_sockaddr>) -> curl_socket_t {
        var bytes = [UInt8](repeating: 0, count: 16)
        let count = Int(baton_curl_sockaddr_bytes(address, &bytes))
        if let refused = destinations.refusal(for: Array(bytes.prefix(count))) {
            refusedDestination = refused
            return CURL_SOCKET_BAD
        }
        return baton_curl_open_socket(address)
    }

    /// Records the outcome and reports to the group; frees the header list.
    func finish(_ outcome: WebhookResponse.Outcome) {
        curl_slist_free_all(headerList)
        headerList = nil
        response = WebhookResponse(outcome: outcome, duration: .now - started, bodyPrefix: bodyPrefix)
        group.add(index)
    }
}
