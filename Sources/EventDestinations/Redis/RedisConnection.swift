import CHiredis

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One blocking hiredis connection: connect with a timeout, authenticate,
/// select the database, then commands as argument vectors. Not thread
/// safe; ``RedisStreamPublisher`` holds it under its lock. A host name is
/// resolved with the system resolver before the connect timeout starts,
/// which hiredis cannot bound; give an address where that matters.
final class RedisConnection {
    /// A reply, copied out of hiredis's reply object.
    enum Reply: Equatable {
        case integer(Int64)
        case string([UInt8])
        case status(String)
        case error(String)
        case null
        case array([Reply])
    }

    private let context: UnsafeMutablePointer<redisContext>

    /// Connects to `url`, sends `AUTH` when it has credentials and `SELECT`
    /// when it names a database.
    /// - Throws: ``DestinationError``: `connection_refused`, `timeout`,
    ///   `auth_failed` or `protocol`.
    init(_ url: DestinationURL, timeouts: DestinationTimeouts) throws(DestinationError) {
        let connectTimeout = Self.timeValue(timeouts.connect)
        errno = 0
        guard let context = redisConnectWithTimeout(url.host, Int32(url.port), connectTimeout) else {
            throw DestinationError(.protocol, "could not allocate a Redis connection")
        }
        if context.pointee.err != 0 {
            let error = Self.connectError(errno: errno, host: url.host, port: url.port)
            redisFree(context)
            throw error
        }
        // From here a throw runs deinit, which frees the context.
        self.context = context
        guard redisSetTimeout(context, Self.timeValue(timeouts.command)) == REDIS_OK else {
            throw DestinationError(.protocol, "could not set the Redis command timeout")
        }
        if let password = url.password {
            let arguments = url.user.map { ["AUTH", $0, password] } ?? ["AUTH", password]
            if case .error = try command(arguments.map { Array($0.utf8) }) {
                throw DestinationError(.authFailed, "Redis at \(url.host):\(url.port) refused the credentials")
            }
        }
        if let database = url.database, database != 0 {
            let reply = try command([Array("SELECT".utf8), Array(String(database).utf8)])
            if case .error(let text) = reply {
                throw Self.replyError(text, doing: "SELECT \(database)")
            }
        }
    }

    deinit { redisFree(context) }

    /// Whether hiredis has given up on the connection (an I/O error, EOF).
    var isBroken: Bool { context.pointee.err != 0 }

    /// Sends one command and waits for its reply, up to the command timeout.
    /// An error reply is returned, not thrown; a broken connection throws.
    /// - Throws: ``DestinationError``: `timeout`, `connection_lost` or `protocol`.
    func command(_ arguments: [[UInt8]]) throws(DestinationError) -> Reply {
        // One buffer for every argument: hiredis copies them into its output
        // buffer before redisCommandArgv returns.
        let lengths = arguments.map(\.count)
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(lengths.reduce(0, +), 1), alignment: 1)
        defer { storage.deallocate() }
        var argv: [UnsafePointer<CChar>?] = []
        var offset = 0
        for bytes in arguments {
            UnsafeMutableRawBufferPointer(rebasing: storage[offset..<offset + bytes.count]).copyBytes(from: bytes)
            argv.append(UnsafePointer(storage.baseAddress!.advanced(by: offset).assumingMemoryBound(to: CChar.self)))
            offset += bytes.count
        }
        errno = 0
        let raw = redisCommandArgv(context, Int32(arguments.count), &argv, lengths)
        guard let raw else { throw Self.commandError(context.pointee.err, errno: errno) }
        defer { freeReplyObject(raw) }
        return Self.copy(raw.assumingMemoryBound(to: redisReply.self).pointee)
    }

    private static func copy(_ reply: redisReply) -> Reply {
        let bytes = { reply.str.map { Array(UnsafeRawBufferPointer(start: $0, count: reply.len)) } ?? [] }
        switch reply.type {
        case REDIS_REPLY_INTEGER: return .integer(reply.integer)
        case REDIS_REPLY_STRING: return .string(bytes())
        case REDIS_REPLY_STATUS: return .status(String(decoding: bytes(), as: UTF8.self))
        case REDIS_REPLY_ERROR: return .error(String(decoding: bytes(), as: UTF8.self))
        case REDIS_REPLY_ARRAY:
            let elements = (0..<reply.elements).compactMap { reply.element[$0]?.pointee }
            return .array(elements.map(copy))
        default: return .null
        }
    }

    /// The class of a failed connect, from the errno hiredis left behind.
    private static func connectError(errno code: Int32, host: String, port: Int) -> DestinationError {
        switch code {
        case ETIMEDOUT, EAGAIN, EINPROGRESS:
            DestinationError(.timeout, "connecting to Redis at \(host):\(port) timed out")
        default:
            DestinationError(.connectionRefused, "could not connect to Redis at \(host):\(port)")
        }
    }

    /// The class of a command hiredis could not complete.
    private static func commandError(_ kind: Int32, errno code: Int32) -> DestinationError {
        switch kind {
        case REDIS_ERR_IO where code == EAGAIN || code == EWOULDBLOCK || code == ETIMEDOUT:
            DestinationError(.timeout, "Redis did not answer within the command timeout")
        case REDIS_ERR_IO, REDIS_ERR_EOF:
            DestinationError(.connectionLost, "the Redis connection dropped before the reply")
        default:
            DestinationError(.protocol, "Redis sent a reply the client could not read")
        }
    }

    /// The class of an error reply: authentication wanted or refused, a
    /// server not ready yet, or anything else as `protocol`, naming what was
    /// being done, never the server's text.
    static func replyError(_ text: String, doing what: String) -> DestinationError {
        let prefix = text.prefix { $0 != " " }
        if prefix == "NOAUTH" || prefix == "WRONGPASS" || prefix == "NOPERM" {
            return DestinationError(.authFailed, "Redis refused \(what): the credentials are missing or not allowed")
        }
        if ["LOADING", "BUSY", "MASTERDOWN", "TRYAGAIN"].contains(prefix) {
            return DestinationError(.unavailable, "Redis cannot serve \(what) yet (\(prefix))")
        }
        // Redis's error code word (`ERR`, `WRONGTYPE`, `OOM`), kept only when it is one.
        let code = prefix.count <= 16 && prefix.allSatisfy { $0.isASCII && $0.isUppercase } ? prefix : "ERR"
        return DestinationError(.protocol, "Redis refused \(what) (\(code))")
    }

    private static func timeValue(_ duration: Duration) -> timeval {
        let milliseconds = DestinationTimeouts.milliseconds(duration)
        return timeval(tv_sec: Int(milliseconds / 1000), tv_usec: Int(milliseconds % 1000) * 1000)
    }
}
