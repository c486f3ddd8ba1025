import CMicroHTTPD
import Foundation
import Synchronization
import Telemetry

/// What libmicrohttpd's callbacks share: the router, the configuration and
/// the counters for graceful shutdown. Immutable apart from two atomics, so
/// every pool thread reads it without a lock.
final class ServerContext: Sendable {
    let router: Router
    let configuration: ServerConfiguration
    /// Requests between their first callback and their completion notice.
    let inFlight = Atomic<Int>(0)
    /// Set when shutdown begins: responses then carry `Connection: close`.
    let isDraining = Atomic<Bool>(false)
    /// Body bytes held by requests in flight (see `maxBodyBytesInFlight`).
    let bodyBytesInFlight = Atomic<Int>(0)

    /// Copies of hot configuration values, read by every request.
    let trustedProxies: TrustedProxies
    let traceSampler: TraceSampler
    let spanRecorder: (any SpanRecorder)?
    /// The log sink and the request observer, called through closures that
    /// captured them: calling a protocol existential stored here copied it
    /// through its value witnesses on every request.
    let writeLogLine: @Sendable (UnsafeBufferPointer<UInt8>) -> Void
    let reportFinished: (@Sendable (FinishedRequest) -> Void)?
    /// Every connection's deadline, and the watchdog that enforces them.
    let deadlines: ConnectionDeadlines

    init(router: Router, configuration: ServerConfiguration) {
        self.router = router
        self.configuration = configuration
        deadlines = ConnectionDeadlines(configuration: configuration)
        trustedProxies = configuration.trustedProxies
        traceSampler = configuration.traceSampler
        spanRecorder = configuration.spanRecorder
        let logSink = configuration.logSink
        writeLogLine = { logSink.write(utf8Line: $0) }
        if let observer = configuration.requestObserver {
            reportFinished = { observer.requestFinished($0) }
        } else {
            reportFinished = nil
        }
    }

    /// Starts an exchange from the request line and headers: resolves the
    /// request id and client, checks the head's syntax and framing, decodes
    /// the target, finds the route and checks the route's limits, then runs
    /// the route's guard and reserves the body's room
    /// (``admit(_:bodyCapacity:)``). Any failure is kept in `pendingError`.
    func begin(
        connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>, version: UnsafePointer<CChar>?
    ) -> Exchange {
        inFlight.add(1, ordering: .relaxed)
        let exchange = Exchange(method: String(cString: method))
        // Read into the exchange's own head through one access: a head built
        // apart and handed over had its nine reference-counted fields copied.
        do {
            let bodyCapacity = try readHead(&exchange.head, connection: connection, url: url, version: version)
            try admit(exchange, bodyCapacity: bodyCapacity)
        } catch {
            exchange.pendingError = error
        }
        // The head is in. A body to read must keep up the minimum rate; else
        // the handler runs next, and no deadline applies until it is done.
        let deadline = baton_mhd_socket_context(connection).map { Unmanaged<ConnectionDeadline>.fromOpaque($0).takeUnretainedValue() }
        if exchange.expectsBody, exchange.pendingError == nil {
            deadline?.set(from: exchange.headReceivedAt, allowance: deadlines.bodyAllowance(received: 0))
        } else {
            deadline?.clear()
        }
        exchange.deadline = deadline
        return exchange
    }

    /// Fills `head` in; returns the room to reserve for the body.
    private func readHead(
        _ head: inout Exchange.Head, connection: OpaquePointer, url: UnsafePointer<CChar>, version: UnsafePointer<CChar>?
    ) throws(HTTPError) -> Int {
        let received = headers(of: connection)
        head.headers = HTTPHeaders(fields: received.fields)
        head.requestID = RequestID.accept(head.headers["X-Request-Id"])
        let caller = TraceContext(traceparent: head.headers["traceparent"], tracestate: head.headers.values(for: "tracestate"))
        head.trace = traceSampler.span(continuing: caller)
        head.callerSpanID = caller?.spanID
        head.peerAddress = ClientAddress.text(of: baton_mhd_client_address(connection))
        head.clientAddress = head.peerAddress
        // Parsing the address is skipped when no proxy is trusted (the usual case).
        if !trustedProxies.isEmpty, trustedProxies.contains(head.peerAddress) {
            head.clientAddress = ClientAddress.resolve(
                peer: head.peerAddress, forwardedFor: head.headers.values(for: "X-Forwarded-For"),
                trustedProxies: trustedProxies
            )
        }
        let framing: RequestFraming
        do {
            try received.syntax.verify(version: ReceivedHeaders.bytes(version, count: version.map { strlen($0) } ?? 0))
            framing = try RequestFraming(head.headers)
        } catch {
            // Answered at once, before libmicrohttpd reads a body by its own
            // reading of the headers, and before any route guard sees them.
            head.expectsBody = true
            head.closesConnection = true
            throw error
        }
        let contentLength = framing.contentLength
        head.expectsBody = framing.expectsBody
        try route(&head, connection: connection, url: url, headerBytes: received.size, contentLength: contentLength)
        return min(contentLength ?? 0, head.route?.options.maxBodyBytes ?? 0)
    }

    private func route(
        _ head: inout Exchange.Head, connection: OpaquePointer, url: UnsafePointer<CChar>,
        headerBytes: Int, contentLength: Int?
    ) throws(HTTPError) {
        let rawQuery = fields(of: connection, kind: .GET_ARGUMENT_KIND)
        let targetBytes = strlen(url) + rawQuery.reduce(0) { $0 + $1.size }
        guard targetBytes <= configuration.maxURIBytes else { throw .uriTooLong(limit: configuration.maxURIBytes) }
        guard targetBytes + headerBytes <= configuration.maxHeaderBytes else { throw .headersTooLarge(limit: configuration.maxHeaderBytes) }

        head.segments = try PathDecoder.segments(of: UnsafeRawBufferPointer(start: url, count: strlen(url)))
        head.query = try rawQuery.map { field throws(HTTPError) in
            QueryItem(
                name: try PathDecoder.decode(field.nameBytes, plusIsSpace: true),
                value: try PathDecoder.decode(field.valueBytes, plusIsSpace: true)
            )
        }
        switch router.match(method: head.method, path: head.segments) {
        case .notFound:
            throw .notFound
        case .methodNotAllowed(let allowed):
            throw .methodNotAllowed(allowed: allowed)
        case .found(let route, let parameters):
            head.route = route
            head.parameters = parameters
            if let contentLength, contentLength > route.options.maxBodyBytes {
                throw .requestTooLarge(limit: route.options.maxBodyBytes)
            }
            if head.expectsBody, !route.options.accepts(contentType: head.headers["Content-Type"]) {
                throw .unsupportedMediaType(accepted: route.options.acceptedContentTypes ?? [])
            }
        }
    }

    /// The request headers, copied and checked in one pass into a list
    /// allocated once (libmicrohttpd counts them when given no iterator).
    private func headers(of connection: OpaquePointer) -> ReceivedHeaders {
        var received = ReceivedHeaders(capacity: Int(MHD_get_connection_values(connection, .HEADER_KIND, nil, nil)))
        withUnsafeMutablePointer(to: &received) { pointer in
            _ = MHD_get_connection_values_n(connection, .HEADER_KIND, collectHeader, pointer)
        }
        return received
    }

    private func fields(of connection: OpaquePointer, kind: MHD_ValueKind) -> [RawField] {
        var fields: [RawField] = []
        withUnsafeMutablePointer(to: &fields) { pointer in
            _ = MHD_get_connection_values(connection, kind, collectField, pointer)
        }
        return fields
    }
}
