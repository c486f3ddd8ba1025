import Foundation
import Telemetry

/// One request in progress on a connection, from libmicrohttpd's first
/// callback to its completion notice. It is owned through the request's
/// context pointer (retained when stored, released on completion) and only
/// touched by the pool thread serving its connection.
///
/// What was read from the request line and headers is the `head`, filled in
/// by `ServerContext.begin` and not changed after; only the body and the
/// response's outcome change afterwards.
final class Exchange {
    /// The request as parsed before the body: fixed once routing is done.
    struct Head {
        var method: String
        var requestID = ""
        /// The request's server span: a child of the caller's `traceparent`
        /// when it sent a valid one, else the root of a new trace.
        var trace: TraceContext?
        /// The caller's span, the parent of ``trace``; nil for a new trace.
        var callerSpanID: SpanID?
        var peerAddress = "unknown"
        var clientAddress = "unknown"
        var segments: [String] = []
        var query: [QueryItem] = []
        var headers = HTTPHeaders()
        var route: Router.Route?
        var parameters: [Request.Parameter] = []
        /// Whether the request announced a body (`Content-Length` > 0 or a
        /// `Transfer-Encoding`); an early error answer then closes the connection.
        var expectsBody = false
        /// Whether the connection must close after the answer: the request's
        /// framing was refused, so where the next request starts is unknown.
        var closesConnection = false
    }

    let startedAt = ContinuousClock.now
    /// When the head was complete, on the deadlines' clock: the body's allowance runs from here.
    let headReceivedAt = ConnectionDeadlines.now
    let timestamp = Date()
    var head: Head
    var body = Data()
    /// An error found before the handler ran; answered instead of running it.
    var pendingError: HTTPError?
    /// The answer of a route guard that refused the request from its head.
    var refusal: Response?
    /// The caller a route guard admitted, handed to the handler.
    var identity: (any Sendable)?
    /// Body bytes counted against the server's in-flight budget, given back on completion.
    var bodyReserved = 0
    /// The status sent, 0 until a response is queued.
    var status = 0
    /// The API error code sent, for a ``RequestObserver``.
    var errorCode: String?
    var bytesSent = 0
    /// The type of a non-API error a handler threw, for the log only.
    var failure: String?
    /// The connection's deadline; nil only if libmicrohttpd gave none.
    var deadline: ConnectionDeadline?

    /// An exchange whose head holds only the method so far.
    init(method: String) {
        head = Head(method: method)
    }

    var method: String { head.method }
    var requestID: String { head.requestID }
    var clientAddress: String { head.clientAddress }
    var route: Router.Route? { head.route }
    var expectsBody: Bool { head.expectsBody }
    var hasResponded: Bool { status != 0 }
    /// What answers the request instead of its handler, decided from the head.
    var earlyResponse: Response? { pendingError.map { .error($0) } ?? refusal }

    /// The request handed to the handler.
    func request() -> Request {
        Request(
            method: head.method, pathSegments: head.segments, query: head.query, headers: head.headers, body: body,
            clientAddress: head.clientAddress, peerAddress: head.peerAddress, requestID: head.requestID,
            routePattern: head.route?.pattern.text ?? "", parameterList: head.parameters, identity: identity, trace: head.trace
        )
    }
}
