import BatonCore
import BatonJSON
import HTTP

/// How API key failures read on the wire: 401 for a missing, malformed,
/// unknown or revoked key (one answer, so callers can't probe), 403 for a
/// key without the route's scope.
extension APIKeyError: HTTPErrorConvertible {
    public var status: Int {
        switch self {
        case .malformed, .invalid: 401
        case .missingScope: 403
        case .notFound: 404
        case .invalidName: 422
        }
    }

    public var details: [String: JSONValue] {
        if case .missingScope(let scope) = self { return ["required_scope": .string(scope.rawValue)] }
        return [:]
    }

    public var responseHeaders: [(name: String, value: String)] {
        status == 401 ? [("WWW-Authenticate", "Bearer")] : []
    }
}
