/// How long a publisher waits: for a connection, and for each command's
/// reply (the broker's acknowledgement included).
public struct DestinationTimeouts: Sendable, Equatable {
    /// The longest a connect (and its authentication) may take.
    public var connect: Duration
    /// The longest one command or acknowledgement may take.
    public var command: Duration

    /// Timeouts of `connect` and `command`, each at least a millisecond.
    public init(connect: Duration = .seconds(5), command: Duration = .seconds(5)) {
        self.connect = max(connect, .milliseconds(1))
        self.command = max(command, .milliseconds(1))
    }

    /// A duration in whole milliseconds, rounded up, as the C libraries take it.
    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    }
}
