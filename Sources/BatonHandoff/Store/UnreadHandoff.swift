/// An envelope of a newer schema version, checked only for what every
/// version keeps: size, segments, `typ`, and validity in time.
public struct UnreadHandoff: Equatable, Sendable {
    /// The envelope's exact text.
    public let raw: String
    /// The schema version it declares (newer than this reader knows).
    public let version: Int
    /// When it was written, in unix seconds.
    public let issuedAt: Int64
    /// When it expires, in unix seconds.
    public let expiresAt: Int64
}
