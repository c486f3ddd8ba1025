/// Why a webhook endpoint request was refused. `code` is the stable wire
/// code; messages never repeat the caller's input nor a secret.
public enum WebhookEndpointError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No endpoint has this id (or the id is not a UUID).
    case notFound
    /// No event has this id (redelivery), or it is past its retention.
    case eventNotFound
    /// The endpoint comes from `BATON_WEBHOOK_URL`: change the configuration instead.
    case managedByConfig
    /// A field is missing, out of range or malformed.
    case validationFailed(field: String, reason: String)
    /// The URL's host is an address (or `localhost`) of a class the
    /// destination policy refuses (``DestinationPolicy``).
    case urlNotAllowed(DestinationPolicy.AddressClass)
    /// `signature_scheme` names no ``WebhookSignatureScheme``.
    case unknownSignatureScheme

    /// The stable snake_case machine code.
    public var code: String {
        switch self {
        case .notFound: "webhook_endpoint_not_found"
        case .eventNotFound: "event_not_found"
        case .managedByConfig: "webhook_endpoint_managed_by_config"
        case .validationFailed: "validation_failed"
        case .urlNotAllowed: "webhook_url_not_allowed"
        case .unknownSignatureScheme: "webhook_signature_scheme_unknown"
        }
    }

    /// A human message, built only from Baton's own words.
    public var message: String {
        switch self {
        case .notFound: "No webhook endpoint has this id."
        case .eventNotFound: "No event has this id."
        case .managedByConfig:
            "This webhook endpoint is defined by BATON_WEBHOOK_URL and BATON_WEBHOOK_SECRET; change those settings instead."
        case .validationFailed(let field, let reason): "\(field) \(reason)."
        case .urlNotAllowed(let refused): "url \(WebhookSettings.EndpointProblem.destinationNotAllowed(refused).message)."
        case .unknownSignatureScheme: "signature_scheme must be one of \(WebhookSignatureScheme.choices)."
        }
    }

    /// The code and the message, as the CLI prints it.
    public var description: String { "\(code): \(message)" }
}
