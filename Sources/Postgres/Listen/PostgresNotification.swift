/// One `NOTIFY` as a listener received it.
public struct PostgresNotification: Sendable, Equatable {
    /// The channel it was sent on.
    public var channel: String
    /// The payload (empty when none was given). Untrusted text: escape it
    /// with `SafeText` before logging.
    public var payload: String
    /// The server process that sent it.
    public var senderProcessID: Int32

    /// A notification; see the properties.
    public init(channel: String, payload: String, senderProcessID: Int32) {
        self.channel = channel
        self.payload = payload
        self.senderProcessID = senderProcessID
    }
}
