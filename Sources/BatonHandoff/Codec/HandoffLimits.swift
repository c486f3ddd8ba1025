/// The bounds every decoder, encoder and store of one deployment shares.
public struct HandoffLimits: Equatable, Sendable {
    /// The default total size limit: 64 KiB.
    public static let defaultMaxBytes = 65_536
    /// The largest skew accepted: a day. Beyond it expiry would mean little
    /// (and the time arithmetic stays far from overflow).
    public static let maxAllowedSkew: Int64 = 86_400

    /// Most bytes of a whole envelope; checked before anything is parsed.
    public let maxBytes: Int
    /// How far clocks may disagree, in seconds, when checking `iat` and `exp`.
    public let allowedSkew: Int64

    /// Limits; the defaults suit a phone and a server whose clocks are
    /// NTP-synchronised. `maxBytes` below 0 counts as 0; `allowedSkew` is
    /// clamped to 0...``maxAllowedSkew``.
    public init(maxBytes: Int = HandoffLimits.defaultMaxBytes, allowedSkew: Int64 = 60) {
        self.maxBytes = max(0, maxBytes)
        self.allowedSkew = min(max(0, allowedSkew), Self.maxAllowedSkew)
    }
}
