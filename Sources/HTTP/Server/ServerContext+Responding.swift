import CMicroHTTPD
import Foundation
import Telemetry

extension ServerContext {
    /// Takes one body chunk. Past the route's limit the request is answered
    /// 413 at once and nothing more is kept, so a huge body never sits in memory.
    func receive(_ chunk: UnsafeRawBufferPointer, for exchange: Exchange, on connection: OpaquePointer) -> MHD_Result {
        guard !exchange.hasResponded else { return .YES }
        if let early = exchange.earlyResponse {
            return rejectMidBody(early, for: exchange, on: connection)
        }
        let limit = exchange.route?.options.maxBodyBytes ?? 0
        let needed = exchange.body.count + chunk.count
        guard needed <= limit else {
            exchange.body = Data()
            return rejectMidBody(.error(HTTPError.requestTooLarge(limit: limit)), for: exchange, on: connection)
        }
        if needed > exchange.bodyReserved {
            do {
                try reserveBody(needed - exchange.bodyReserved, for: exchange)
            } catch {
                exchange.body = Data()
                return rejectMidBody(.error(error), for: exchange, on: connection)
            }
        }
        exchange.body.append(contentsOf: chunk)
        exchange.deadline?.set(from: exchange.headReceivedAt, allowance: deadlines.bodyAllowance(received: exchange.body.count))
        return .YES
    }

    /// The body is complete: answers a pending error, or runs the handler.
    func complete(_ exchange: Exchange, on connection: OpaquePointer) -> MHD_Result {
        guard !exchange.hasResponded else { return .YES }
        exchange.deadline?.clear()
        if let early = exchange.earlyResponse { return respond(early, to: exchange, on: connection) }
        guard let route = exchange.route else { return respond(.error(HTTPError.notFound), to: exchange, on: connection) }
        let response: Response
        do {
            // The handler's stores read the span here to trace the jobs they
            // enqueue and the transactions they run.
            let scope = exchange.head.trace.map { TraceScope(span: $0, recorder: spanRecorder) }
            response = try TraceScope.$current.withValue(scope) { try route.handler(exchange.request()) }
        } catch {
            response = self.response(to: error, for: exchange)
        }
        return respond(response, to: exchange, on: connection)
    }

    /// The answer to an error a handler or a route guard threw: its API
    /// error, or for anything else a 500 naming only the request id (the
    /// log line names the error's type).
    func response(to error: any Error, for exchange: Exchange) -> Response {
        if let error = error as? any HTTPErrorConvertible { return .error(error) }
        exchange.failure = String(describing: type(of: error))
        return .error(HTTPError.internalError(requestID: exchange.requestID))
    }

    /// Answers while the body is still arriving. libmicrohttpd 0.9.75 refuses
    /// `MHD_queue_response` in that state, and reading the rest of a huge body
    /// first is what the limit is there to avoid; so the response is written
    /// to the socket directly (nothing else is being written on it: a new
    /// request is read only after the previous response went out), the
    /// sending side is shut, and returning `MHD_NO` has libmicrohttpd close
    /// the connection.
    private func rejectMidBody(_ response: Response, for exchange: Exchange, on connection: OpaquePointer) -> MHD_Result {
        var headers = HTTPHeaders()
        SecurityHeaders.emit(response.headers, requestID: exchange.requestID, closing: true) {
            headers.add(String(cString: $0), String(cString: $1))
        }
        let bytes = RawResponse.serialize(status: response.status, headers: headers, body: response.body)
        let socket = baton_mhd_connection_fd(connection)
        if socket >= 0 {
            _ = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            Glibc.shutdown(socket, Int32(SHUT_WR))
        }
        exchange.status = response.status
        exchange.errorCode = response.errorCode
        exchange.bytesSent = response.body.count
        return .NO
    }

    /// Queues `response` with the common headers added.
    func respond(_ response: Response, to exchange: Exchange, on connection: OpaquePointer) -> MHD_Result {
        let body = response.body
        let mhdResponse = body.withUnsafeBytes {
            MHD_create_response_from_buffer($0.count, UnsafeMutableRawPointer(mutating: $0.baseAddress), .RESPMEM_MUST_COPY)
        }
        guard let mhdResponse else { return .NO }
        defer { MHD_destroy_response(mhdResponse) }
        // libmicrohttpd refuses names or values with CR, LF or NUL; such a
        // header is dropped rather than sent split.
        let closing = exchange.head.closesConnection || isDraining.load(ordering: .relaxed)
        SecurityHeaders.emit(response.headers, requestID: exchange.requestID, closing: closing) {
            _ = MHD_add_response_header(mhdResponse, $0, $1)
        }
        exchange.status = response.status
        exchange.errorCode = response.errorCode
        exchange.bytesSent = exchange.method == "HEAD" ? 0 : body.count
        return MHD_queue_response(connection, UInt32(response.status), mhdResponse)
    }

    /// The request is over: logs it and counts it out of the in-flight set.
    func finish(_ exchange: Exchange, termination: MHD_RequestTerminationCode) {
        let entry = AccessLogEntry(
            timestamp: exchange.timestamp, requestID: exchange.requestID, trace: exchange.head.trace, method: exchange.method,
            route: exchange.route?.pattern.text, status: exchange.status, bytes: exchange.bytesSent,
            duration: ContinuousClock.now - exchange.startedAt, client: exchange.clientAddress,
            outcome: Self.outcome(of: termination), failure: exchange.failure
        )
        // The connection now waits for its next request, as long as an idle one may.
        exchange.deadline?.set(from: ConnectionDeadlines.now, allowance: deadlines.idleAllowance)
        entry.withLine(writeLogLine)
        releaseBody(of: exchange)
        reportFinished?(
            FinishedRequest(
                method: exchange.method, routePattern: exchange.route?.pattern.text, status: exchange.status,
                errorCode: exchange.errorCode, duration: entry.duration
            ))
        if let spanRecorder, let trace = exchange.head.trace, trace.isSampled {
            spanRecorder.record(serverSpan(of: exchange, trace: trace))
        }
        inFlight.subtract(1, ordering: .relaxed)
    }

    /// The request's span as OpenTelemetry's HTTP conventions name it:
    /// `GET /v1/invites/:id` by the route *template* (the raw path may hold
    /// a token or code), the method, route and status as attributes, an
    /// error for a 5xx or no answer.
    private func serverSpan(of exchange: Exchange, trace: TraceContext) -> Span {
        let route = exchange.route?.pattern.text
        let method = Self.knownMethods.contains(exchange.method) ? exchange.method : "_OTHER"
        var attributes: [SpanAttribute] = [.string("http.request.method", method), .string("url.scheme", "http")]
        if let route { attributes.append(.string("http.route", route)) }
        if exchange.status != 0 { attributes.append(.int("http.response.status_code", exchange.status)) }
        var span = Span(
            name: route.map { method + " " + $0 } ?? method, kind: .server, context: trace, parent: exchange.head.callerSpanID,
            attributes: attributes)
        span.startNanoseconds = UInt64(max(0, exchange.timestamp.timeIntervalSince1970) * 1e9)
        span.end(failed: exchange.status >= 500 || exchange.status == 0)
        return span
    }

    /// The methods the conventions name; any other is `_OTHER`, so a
    /// client's made-up token never becomes a span name.
    private static let knownMethods: Set<String> = ["GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH"]

    private static func outcome(of termination: MHD_RequestTerminationCode) -> StaticString {
        switch termination {
        case .REQUEST_TERMINATED_COMPLETED_OK: "request completed"
        case .REQUEST_TERMINATED_TIMEOUT_REACHED: "request timed out"
        case .REQUEST_TERMINATED_DAEMON_SHUTDOWN: "request cut by shutdown"
        case .REQUEST_TERMINATED_CLIENT_ABORT: "client aborted"
        default: "request failed"
        }
    }
}
