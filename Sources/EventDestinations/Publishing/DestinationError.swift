/// Why a publish into an event destination failed, by class, with a stable
/// machine code for the delivery log and a message written here, never a
/// C library's text (which may quote a host, a reply or a credential).
public struct DestinationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The failure classes a caller decides on: every one but
    /// ``Kind/invalidURL`` and ``Kind/invalidSubject`` is worth a retry.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// Nothing listens at the address (or it could not be resolved).
        case connectionRefused = "connection_refused"
        /// The connect or a command took longer than its timeout; the event
        /// may or may not have been stored, so retry: the dedupe makes it safe.
        case timeout
        /// The connection dropped mid-command; as with ``timeout`` the
        /// outcome is unknown and a retry is safe.
        case connectionLost = "connection_lost"
        /// The server refused the credentials, or wants some and got none.
        case authFailed = "auth_failed"
        /// The server answered but cannot serve yet: Redis still loading its
        /// data after a restart (`LOADING`), busy with a script (`BUSY`), or
        /// without its primary (`MASTERDOWN`, `TRYAGAIN`). Nothing was stored;
        /// retry.
        case unavailable
        /// The server answered something the publisher did not expect.
        case `protocol`
        /// No JetStream stream captures the subject.
        case noStream = "no_stream"
        /// The destination URL is malformed; no retry fixes it.
        case invalidURL = "invalid_url"
        /// The subject template, or a subject filled from it, is not a
        /// literal NATS subject; no retry fixes it.
        case invalidSubject = "invalid_subject"
    }

    /// The failure class.
    public var kind: Kind
    /// What went wrong for a person: no credentials, no library text.
    public var message: String

    /// A failure of class `kind`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The stable machine code (`connection_refused`, `no_stream`, ...).
    public var code: String { kind.rawValue }

    /// Whether retrying the same publish later can succeed.
    public var isRetryable: Bool { kind != .invalidURL && kind != .invalidSubject }

    public var description: String { "\(code): \(message)" }
}
