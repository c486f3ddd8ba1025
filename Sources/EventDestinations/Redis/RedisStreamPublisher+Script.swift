extension RedisStreamPublisher {
    /// KEYS[1] the dedupe key, KEYS[2] the stream; ARGV[1] the TTL in
    /// seconds, ARGV[2] the `MAXLEN ~` bound (`0`: no trimming), then the
    /// entry's field and value pairs. Returns 1 when it added the entry, 0
    /// when the dedupe key already existed. `SET ... NX` comes first so that
    /// a second run of the same event stops before touching the stream.
    static let script = """
        if not redis.call('SET', KEYS[1], '1', 'NX', 'EX', ARGV[1]) then
          return 0
        end
        local entry = {}
        for index = 3, #ARGV do
          entry[#entry + 1] = ARGV[index]
        end
        if ARGV[2] ~= '0' then
          redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[2], '*', unpack(entry))
        else
          redis.call('XADD', KEYS[2], '*', unpack(entry))
        end
        return 1
        """

    /// The script's `numkeys`, keys and arguments (everything after the SHA) for `event`.
    func scriptArguments(for event: DestinationEvent) -> [[UInt8]] {
        let ttl = max(dedupeTTL.components.seconds, 1)
        var fields: [(String, [UInt8])] = [("id", Array(event.id.utf8)), ("type", Array(event.type.utf8)), ("body", event.body)]
        if let traceparent = event.traceparent { fields.append(("traceparent", Array(traceparent.utf8))) }
        let head = ["2", dedupeKeyPrefix + event.id, stream, String(ttl), String(maxLength ?? 0)].map { Array($0.utf8) }
        return head + fields.flatMap { [Array($0.0.utf8), $0.1] }
    }

    /// Loads ``script`` into the server's script cache; returns its SHA1.
    static func loadScript(on connection: RedisConnection) throws(DestinationError) -> [UInt8] {
        switch try connection.command(["SCRIPT", "LOAD", script].map { Array($0.utf8) }) {
        case .string(let sha) where sha.count == 40: return sha
        case .error(let text): throw RedisConnection.replyError(text, doing: "SCRIPT LOAD")
        default: throw DestinationError(.protocol, "Redis answered SCRIPT LOAD with something other than a SHA1")
        }
    }

    /// The script's reply as an outcome.
    static func outcome(of reply: RedisConnection.Reply) throws(DestinationError) -> PublishOutcome {
        switch reply {
        case .integer(1): .added
        case .integer(0): .duplicate
        case .error(let text): throw RedisConnection.replyError(text, doing: "the XADD script")
        default: throw DestinationError(.protocol, "Redis answered the XADD script with something other than 0 or 1")
        }
    }
}
