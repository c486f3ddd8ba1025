import BatonCore
import BatonJSON
import HTTP

/// How webhook endpoint failures read on the wire: 404 for an unknown
/// endpoint or event, 409 for an endpoint managed by configuration, 422 with
/// `details.field` for a bad field, and with `details.address_class` too
/// for a URL whose host the destination policy refuses; an unknown
/// `signature_scheme` is 422 `webhook_signature_scheme_unknown`.
extension WebhookEndpointError: HTTPErrorConvertible {
    public var status: Int {
        switch self {
        case .notFound, .eventNotFound: 404
        case .managedByConfig: 409
        case .validationFailed, .urlNotAllowed, .unknownSignatureScheme: 422
        }
    }

    public var details: [String: JSONValue] {
        switch self {
        case .validationFailed(let field, _): ["field": .string(field)]
        case .urlNotAllowed(let refused): ["field": .string("url"), "address_class": .string(refused.rawValue)]
        case .unknownSignatureScheme: ["field": .string("signature_scheme")]
        default: [:]
        }
    }
}
