/// Why the server could not start.
public struct ServerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The stable machine code: `invalid_address`, `invalid_configuration`
    /// or `listen_failed`.
    public var code: String
    /// A human message without untrusted text.
    public var message: String

    /// The host is not an IPv4 or IPv6 literal.
    static let invalidAddress = ServerError(
        code: "invalid_address", message: "The listen host must be an IPv4 or IPv6 address literal."
    )

    /// A limit is zero or negative.
    static func invalidConfiguration(_ setting: String) -> ServerError {
        ServerError(code: "invalid_configuration", message: "The setting \(setting) must be positive.")
    }

    /// libmicrohttpd refused to start, usually because the port is in use.
    static let listenFailed = ServerError(
        code: "listen_failed", message: "Could not listen on the configured address (in use, or not permitted)."
    )

    /// `code: message`.
    public var description: String { "\(code): \(message)" }
}
