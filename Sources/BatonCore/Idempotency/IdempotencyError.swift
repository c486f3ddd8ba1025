/// Why a request with an `Idempotency-Key` was refused.
public enum IdempotencyError: Error, Equatable, Sendable {
    /// The key is empty, longer than 255 characters or not printable ASCII.
    case invalidKey
    /// A request with this key is still running.
    case inUse
    /// This key was used before with another request body.
    case reused
    /// The response stored for this key does not open: it was sealed under
    /// another `BATON_SECRET_KEY`, or the row was altered.
    case unreadable

    /// The stable snake_case machine code.
    public var code: String {
        switch self {
        case .invalidKey: "invalid_idempotency_key"
        case .inUse: "idempotency_key_in_use"
        case .reused: "idempotency_key_reused"
        case .unreadable: "idempotency_record_unreadable"
        }
    }

    /// A human message.
    public var message: String {
        switch self {
        case .invalidKey: "Idempotency-Key must be 1 to 255 printable ASCII characters."
        case .inUse: "A request with this Idempotency-Key is still running; retry when it has finished."
        case .reused: "This Idempotency-Key was used with a different request."
        case .unreadable: "The response stored for this Idempotency-Key cannot be read; send the request with a new key."
        }
    }
}
