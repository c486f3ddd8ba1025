import CMicroHTTPD
import Foundation

// libmicrohttpd's callbacks. They are plain nonisolated functions, never
// closures formed in actor-isolated code: such closures carry an isolation
// check that traps when a libmicrohttpd thread calls them.
// `context` is the `ServerContext`, retained by `Server` for the daemon's
// lifetime; `requestContext` holds a retained `Exchange` per request.

/// The access handler: called once with the headers, once per body chunk,
/// and once more when the body is complete.
func accessHandler(
    context: UnsafeMutableRawPointer?, connection: OpaquePointer?, url: UnsafePointer<CChar>?,
    method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?, uploadData: UnsafePointer<CChar>?,
    uploadSize: UnsafeMutablePointer<Int>?, requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let context, let connection, let url, let method, let uploadSize, let requestContext else { return .NO }
    // The guaranteed-reference form skips a retain/release pair on objects
    // every pool thread shares, whose reference counts would bounce between cores.
    return Unmanaged<ServerContext>.fromOpaque(context)._withUnsafeGuaranteedRef { server in
        guard let stored = requestContext.pointee else {
            let exchange = server.begin(connection: connection, url: url, method: method, version: version)
            requestContext.pointee = Unmanaged.passRetained(exchange).toOpaque()
            // A success must wait for a later callback: answering on the first
            // one makes libmicrohttpd 0.9.75 drop keep-alive. An error for a
            // request with a body is answered now, before the body is read.
            guard exchange.expectsBody, let early = exchange.earlyResponse else { return .YES }
            return server.respond(early, to: exchange, on: connection)
        }
        return Unmanaged<Exchange>.fromOpaque(stored)._withUnsafeGuaranteedRef { exchange in
            if uploadSize.pointee > 0 {
                let chunk = UnsafeRawBufferPointer(start: uploadData, count: uploadSize.pointee)
                uploadSize.pointee = 0
                return server.receive(chunk, for: exchange, on: connection)
            }
            return server.complete(exchange, on: connection)
        }
    }
}

/// The accept policy: once shutdown has begun, every new connection is
/// closed as soon as it is accepted, while requests in flight finish.
func acceptPolicy(context: UnsafeMutableRawPointer?, address: UnsafePointer<sockaddr>?, length: socklen_t) -> MHD_Result {
    guard let context else { return .YES }
    let draining = Unmanaged<ServerContext>.fromOpaque(context)._withUnsafeGuaranteedRef { $0.isDraining.load(ordering: .relaxed) }
    return draining ? .NO : .YES
}

/// The completion notice: logs the request and releases its `Exchange`.
func requestCompleted(
    context: UnsafeMutableRawPointer?, connection: OpaquePointer?,
    requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, termination: MHD_RequestTerminationCode
) {
    guard let context, let stored = requestContext?.pointee else { return }
    requestContext?.pointee = nil
    let exchange = Unmanaged<Exchange>.fromOpaque(stored).takeRetainedValue()
    Unmanaged<ServerContext>.fromOpaque(context)._withUnsafeGuaranteedRef { $0.finish(exchange, termination: termination) }
}

/// Leaves URLs escaped: `PathDecoder` decodes exactly once, and rejects what
/// libmicrohttpd's own unescaping would let through (an encoded NUL).
func keepEscaped(context: UnsafeMutableRawPointer?, connection: OpaquePointer?, text: UnsafeMutablePointer<CChar>?) -> Int {
    guard let text else { return 0 }
    return strlen(text)
}

/// Appends one query field to the `[RawField]` at `context`.
func collectField(
    context: UnsafeMutableRawPointer?, kind: MHD_ValueKind, key: UnsafePointer<CChar>?, value: UnsafePointer<CChar>?
) -> MHD_Result {
    guard let context, let key else { return .YES }
    context.assumingMemoryBound(to: [RawField].self).pointee.append(RawField(name: key, value: value))
    return .YES
}

/// Copies one header into the `ReceivedHeaders` at `context`. Being given
/// the lengths saves a `strlen` each; they are libmicrohttpd's own
/// `strlen`s, so a NUL still ends a value (`HeaderSyntax` finds what it hid).
func collectHeader(
    context: UnsafeMutableRawPointer?, kind: MHD_ValueKind, key: UnsafePointer<CChar>?, keySize: Int,
    value: UnsafePointer<CChar>?, valueSize: Int
) -> MHD_Result {
    guard let context, let key else { return .YES }
    context.assumingMemoryBound(to: ReceivedHeaders.self).pointee.add(
        name: ReceivedHeaders.bytes(key, count: keySize), value: ReceivedHeaders.bytes(value, count: valueSize))
    return .YES
}

/// A header or query field as libmicrohttpd holds it: C strings in the
/// connection's memory pool, valid until the request completes. A query item
/// without `=` has a nil value.
struct RawField {
    var name: UnsafePointer<CChar>
    var value: UnsafePointer<CChar>?

    /// The field's name and value bytes, without copying.
    var nameBytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: name, count: strlen(name)) }
    var valueBytes: UnsafeRawBufferPointer { Self.bytes(of: value) }

    /// Bytes on the wire, roughly: name, value and separators.
    var size: Int { Self.size(name: nameBytes, value: valueBytes) }

    /// Bytes on the wire for a field with `name` and `value`.
    static func size(name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) -> Int { name.count + value.count + 4 }

    /// The bytes of a C string, empty for nil.
    static func bytes(of text: UnsafePointer<CChar>?) -> UnsafeRawBufferPointer {
        text.map { UnsafeRawBufferPointer(start: $0, count: strlen($0)) } ?? UnsafeRawBufferPointer(start: nil, count: 0)
    }
}

/// The request headers copied out of libmicrohttpd in one pass over its
/// list, with the bytes they took on the wire (for the header size limit)
/// and their syntax checked on the way (`HeaderSyntax`).
struct ReceivedHeaders {
    var fields: [HTTPHeaders.Field] = []
    var size = 0
    var syntax = HeaderSyntax()

    /// Room for `count` fields, so the list is allocated once.
    init(capacity count: Int) {
        fields.reserveCapacity(count)
    }

    /// Checks and copies a field; invalid UTF-8 is repaired, as
    /// `String(cString:)` does (obs-text is allowed, so it can arrive).
    mutating func add(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) {
        syntax.check(name: name, value: value)
        size += RawField.size(name: UnsafeRawBufferPointer(name), value: UnsafeRawBufferPointer(value))
        fields.append(HTTPHeaders.Field(name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self)))
    }

    /// `count` bytes at `text` (none for nil), as the UTF-8 they are meant to be.
    static func bytes(_ text: UnsafePointer<CChar>?, count: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: text.map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) }, count: text == nil ? 0 : count)
    }
}
