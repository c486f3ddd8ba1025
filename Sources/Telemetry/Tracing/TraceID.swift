/// A W3C trace id: 16 bytes, never all zero, written as 32 lowercase hex
/// digits. Kept as two integers so that making, comparing and sampling one
/// allocates nothing.
public struct TraceID: Hashable, Sendable {
    /// The first 8 bytes, big-endian.
    public let high: UInt64
    /// The last 8 bytes, big-endian: the part a ratio sampler reads.
    public let low: UInt64

    /// The id of these two halves; nil when both are zero (the spec's invalid id).
    public init?(high: UInt64, low: UInt64) {
        guard high != 0 || low != 0 else { return nil }
        self.high = high
        self.low = low
    }

    /// A fresh random id from the system's generator (`getrandom`).
    public static func random() -> TraceID {
        var generator = SystemRandomNumberGenerator()
        while true {
            if let id = TraceID(high: generator.next(), low: generator.next()) { return id }
        }
    }

    /// 32 lowercase hex digits.
    public var hex: String { Hex.string(high) + Hex.string(low) }
}

/// A W3C span id (the `parent-id` of a `traceparent`): 8 bytes, never all
/// zero, written as 16 lowercase hex digits.
public struct SpanID: Hashable, Sendable {
    /// The 8 bytes, big-endian.
    public let value: UInt64

    /// The id `value`; nil for zero (the spec's invalid id).
    public init?(_ value: UInt64) {
        guard value != 0 else { return nil }
        self.value = value
    }

    /// A fresh random id from the system's generator.
    public static func random() -> SpanID {
        var generator = SystemRandomNumberGenerator()
        while true {
            if let id = SpanID(generator.next()) { return id }
        }
    }

    /// 16 lowercase hex digits.
    public var hex: String { Hex.string(value) }
}
