import BatonJSON
import Foundation
import Telemetry

/// One HTTP request as a handler sees it: decoded, validated and complete.
///
/// The path has been percent-decoded exactly once and checked (no encoded
/// NUL or control characters, no `.`/`..` segments, valid UTF-8); the body
/// is whole and within the route's limit.
public struct Request: Sendable {
    /// The method token as sent, such as `GET`. A `HEAD` request routed to a
    /// `GET` handler keeps `HEAD` here.
    public var method: String
    /// The decoded path segments (the path split on `/`, each decoded).
    public var pathSegments: [String]
    /// The query items in order, names and values decoded.
    public var query: [QueryItem]
    /// The request headers.
    public var headers: HTTPHeaders
    /// The body bytes, empty when none was sent.
    public var body: Data
    /// The client's address: the peer, or with a trusted proxy in front the
    /// address it forwarded (see `ServerConfiguration.trustedProxies`).
    public var clientAddress: String
    /// The TCP peer's address, whatever proxies say.
    public var peerAddress: String
    /// The request id echoed in `X-Request-Id` and logged.
    public var requestID: String
    /// The matched route's pattern, such as `/v1/invites/:id`.
    public var routePattern: String
    /// Who is calling, as the guard of the route's group found it (see
    /// ``RouteGuard``); nil outside a guarded group. A group's handlers get
    /// it typed; this is its untyped form.
    public var identity: (any Sendable)?
    /// The request's server span (see ``TraceContext``): what the jobs it
    /// enqueues and the calls it makes continue. Nil in handlers' unit tests.
    public var trace: TraceContext?
    /// A route parameter's name and decoded value.
    typealias Parameter = (name: String, value: String)

    /// The route's parameters in pattern order. A route has one or two, so
    /// looking through them is cheaper than hashing them into a dictionary
    /// for every request, as the router did.
    var parameterList: [Parameter]

    /// A request with the given parts, for handlers' unit tests.
    public init(
        method: String, pathSegments: [String], query: [QueryItem] = [], headers: HTTPHeaders = HTTPHeaders(),
        body: Data = Data(), clientAddress: String = "127.0.0.1", peerAddress: String? = nil,
        requestID: String = "test", routePattern: String = "", parameters: [String: String] = [:], identity: (any Sendable)? = nil,
        trace: TraceContext? = nil
    ) {
        self.init(
            method: method, pathSegments: pathSegments, query: query, headers: headers, body: body,
            clientAddress: clientAddress, peerAddress: peerAddress ?? clientAddress, requestID: requestID,
            routePattern: routePattern, parameterList: parameters.map { ($0.key, $0.value) }, identity: identity, trace: trace
        )
    }

    /// A request as the server makes it, with the router's list of parameters.
    init(
        method: String, pathSegments: [String], query: [QueryItem], headers: HTTPHeaders, body: Data,
        clientAddress: String, peerAddress: String, requestID: String, routePattern: String, parameterList: [Parameter],
        identity: (any Sendable)?, trace: TraceContext?
    ) {
        self.method = method
        self.pathSegments = pathSegments
        self.query = query
        self.headers = headers
        self.body = body
        self.clientAddress = clientAddress
        self.peerAddress = peerAddress
        self.requestID = requestID
        self.routePattern = routePattern
        self.parameterList = parameterList
        self.identity = identity
        self.trace = trace
    }

    /// The decoded path, such as `/v1/invites/abc`.
    public var path: String { "/" + pathSegments.joined(separator: "/") }

    /// The route parameter `name`, such as `id` for `/v1/invites/:id`.
    public func parameter(_ name: String) -> String? { parameterList.last { $0.name == name }?.value }

    /// The first value of query item `name`, or nil when absent.
    public func queryValue(_ name: String) -> String? { query.first { $0.name == name }?.value }

    /// The body decoded as `T`, strictly (``JSONModelDecoder``): keys
    /// matched as written (a request type spells its snake_case keys in
    /// `CodingKeys`), dates as the API's timestamps.
    ///
    /// - Throws: 415 `unsupported_media_type` when the body is not declared
    ///   as JSON; 400 `invalid_request` when it is not JSON or does not
    ///   decode, with the failing field's path in `details.field` (never the
    ///   raw body); 422 `duplicate_field`, `unknown_field` or
    ///   `number_out_of_range` naming the member in `details.field`.
    public func decodeJSON<T: Decodable>(_ type: T.Type = T.self) throws(HTTPError) -> T {
        try decodingBody { try JSONModelDecoder.decode(T.self, from: $0) }
    }

    /// The body read as an object of `shape`, straight from its bytes
    /// (`StringMembersReader`), for a hot route whose body is strings:
    /// every body is refused exactly as ``decodeJSON(_:)`` refuses it for a
    /// `Decodable` type of optional `String` members (and nested such types)
    /// declared in the shape's order.
    ///
    /// - Throws: what ``decodeJSON(_:)`` throws.
    public func decodeStringMembers(_ shape: JSONStringShape) throws(HTTPError) -> JSONStringMembers {
        try decodingBody { bytes throws(JSONModelDecoder.Failure) in try StringMembersReader.read(shape, from: bytes) }
    }

    /// The body's bytes passed to `decode`, once its media type is checked;
    /// its failures become the API's errors.
    private func decodingBody<T>(_ decode: (UnsafeRawBufferPointer) throws -> T) throws(HTTPError) -> T {
        guard MediaType.isJSON(headers["Content-Type"]) else {
            throw .unsupportedMediaType(accepted: [MediaType.json])
        }
        do {
            return try body.withUnsafeBytes { try decode($0) }
        } catch JSONModelDecoder.Failure.parser(.duplicateKey(let path)) {
            throw .duplicateField(path)
        } catch JSONModelDecoder.Failure.parser(.numberOutOfRange(let path)) {
            throw .numberOutOfRange(path)
        } catch JSONModelDecoder.Failure.unknownKey(let path) {
            throw .unknownField(path)
        } catch JSONModelDecoder.Failure.wrongType(let path) {
            throw .invalidRequest("The request body is not the expected JSON.", details: Self.details(field: path))
        } catch let error as DecodingError {
            throw .invalidRequest("The request body is not the expected JSON.", details: Self.details(of: error))
        } catch {
            throw .invalidRequest("The request body is not the expected JSON.")
        }
    }

    private static func details(of error: DecodingError) -> [String: JSONValue] {
        let path: [any CodingKey]
        switch error {
        case .keyNotFound(let key, let context): path = context.codingPath + [key]
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            path = context.codingPath
        @unknown default: path = []
        }
        // Keys are matched as written, so a key's name is the client's spelling.
        return details(field: path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: "."))
    }

    /// `details.field` naming a dotted path; none for the document itself.
    private static func details(field: String) -> [String: JSONValue] {
        field.isEmpty ? [:] : ["field": .string(field)]
    }
}

/// One `name=value` pair of a query string, both decoded.
public struct QueryItem: Sendable, Equatable {
    /// The decoded name.
    public var name: String
    /// The decoded value; empty for a bare `name`.
    public var value: String

    /// An item.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
