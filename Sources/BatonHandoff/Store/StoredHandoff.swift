/// What a ``HandoffStore`` holds: an envelope this reader understands, or a
/// newer one it forwards unread.
public enum StoredHandoff: Sendable {
    /// A decoded envelope of a known version (checked except for its MAC).
    case current(HandoffEnvelope)
    /// An envelope of a schema version newer than this reader knows: a newer
    /// clip wrote it. Send ``raw`` to the server, which knows every version.
    case newer(UnreadHandoff)

    /// The envelope's exact text, to send to the server as `{"handoff": raw}`.
    public var raw: String {
        switch self {
        case .current(let envelope): envelope.raw
        case .newer(let unread): unread.raw
        }
    }
}
