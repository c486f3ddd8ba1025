/// Why an API key was not accepted or a key operation failed.
public enum APIKeyError: Error, Equatable, CustomStringConvertible {
    /// The presented text is not an API key.
    case malformed
    /// No such key, a wrong secret, or a revoked key: one answer for all, so
    /// a caller can't tell which.
    case invalid
    /// The key lacks the scope the operation needs.
    case missingScope(Scope)
    /// No key with that public id exists (for revoke).
    case notFound
    /// A name outside 1…100 characters or with hidden characters.
    case invalidName

    /// A stable machine-readable code.
    public var code: String {
        switch self {
        case .malformed, .invalid: "invalid_api_key"
        case .missingScope: "insufficient_scope"
        case .notFound: "api_key_not_found"
        case .invalidName: "invalid_api_key_name"
        }
    }

    /// A human sentence; never the key text.
    public var message: String {
        switch self {
        case .malformed, .invalid: "the API key is not valid"
        case .missingScope(let scope): "the API key lacks the scope \(scope.rawValue)"
        case .notFound: "no API key has that id"
        case .invalidName: "a key name is 1 to 100 characters without control or format characters"
        }
    }

    public var description: String { "\(code): \(message)" }
}
