import Foundation

/// One request in progress on a connection, from libmicrohttpd's first
/// callback to its completion notice. It is owned through the request's
/// context pointer (retained when stored, released on completion) and only
/// touched by the pool thread serving its connection.
final class Exchange {
    let startedAt = ContinuousClock.now
    let timestamp = Date()
    let method: String
    var requestID = ""
    var peerAddress = "unknown"
    var clientAddress = "unknown"
    var segments: [String] = []
    var query: [QueryItem] = []
    var headers = HTTPHeaders()
    var route: Router.Route?
    var parameters: [String: String] = [:]
    var body = Data()
    /// Whether the request announced a body (`Content-Length` > 0 or a
    /// `Transfer-Encoding`); an early error answer then closes the connection.
    var expectsBody = false
    /// An error found before the handler ran; answered instead of running it.
    var pendingError: HTTPError?
    /// The status sent, 0 until a response is queued.
    var status = 0
    var bytesSent = 0
    /// The type of a non-API error a handler threw, for the log only.
    var failure: String?

    init(method: String) {
        self.method = method
    }

    var hasResponded: Bool { status != 0 }

    /// The request handed to the handler.
    func request() -> Request {
        Request(
            method: method, pathSegments: segments, query: query, headers: headers, body: body,
            clientAddress: clientAddress, peerAddress: peerAddress, requestID: requestID,
            routePattern: route?.pattern.text ?? "", parameters: parameters
        )
    }
}
