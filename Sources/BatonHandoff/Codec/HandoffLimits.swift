/// The bounds every decoder, encoder and store of one deployment shares.
public struct HandoffLimits: Equatable, Sendable {
    /// The default total size limit: 64 KiB.
    public static let defaultMaxBytes = 65_536

    /// Most bytes of a whole envelope; checked before anything is parsed.
    public var maxBytes: Int
    /// How far clocks may disagree, in seconds, when checking `iat` and `exp`.
    public var allowedSkew: Int64

    /// Limits; the defaults suit a phone and a server whose clocks are NTP-synchronised.
    public init(maxBytes: Int = HandoffLimits.defaultMaxBytes, allowedSkew: Int64 = 60) {
        self.maxBytes = maxBytes
        self.allowedSkew = allowedSkew
    }
}
