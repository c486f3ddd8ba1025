import BatonCore
import HTTP

/// How webhook endpoint failures read on the wire: 404 for an unknown
/// endpoint or event, 409 for an endpoint managed by configuration, 422 with
/// `details.field` for a bad field.
extension WebhookEndpointError: HTTPErrorConvertible {
    public var status: Int {
        switch self {
        case .notFound, .eventNotFound: 404
        case .managedByConfig: 409
        case .validationFailed: 422
        }
    }

    public var details: [String: JSONValue] {
        if case .validationFailed(let field, _) = self { return ["field": .string(field)] }
        return [:]
    }
}
