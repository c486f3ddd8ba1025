import BatonCore
import Foundation
import SafeText

/// A webhook endpoint as the API and `baton webhooks --json` write it
/// (docs/api.md). Only the create and rotate answers carry `secret`; every
/// other answer has no such key. Absent optional fields are `null`.
public struct WebhookEndpointBody: Encodable, Sendable {
    var endpoint: WebhookEndpoint
    var secret: WebhookSecret?

    /// The body of `endpoint`, with `secret` when it was just made.
    public init(endpoint: WebhookEndpoint, secret: WebhookSecret? = nil) {
        self.endpoint = endpoint
        self.secret = secret
    }

    private enum CodingKeys: String, CodingKey {
        case id, url, description, enabledEvents = "enabled_events", disabled, signatureScheme = "signature_scheme"
        case disabledReason = "disabled_reason"
        case managedByConfig = "managed_by_config", previousSecretExpiresAt = "previous_secret_expires_at"
        case failingSince = "failing_since", lastSuccessAt = "last_success_at", createdAt = "created_at", updatedAt = "updated_at"
        case secret
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(endpoint.id.uuidString.lowercased(), forKey: .id)
        try container.encode(endpoint.url, forKey: .url)
        try container.encode(endpoint.description, forKey: .description)
        try container.encode(endpoint.enabledEvents, forKey: .enabledEvents)
        try container.encode(endpoint.disabled, forKey: .disabled)
        try container.encode(endpoint.signatureScheme.rawValue, forKey: .signatureScheme)
        try container.encode(endpoint.disabledReason, forKey: .disabledReason)
        try container.encode(endpoint.managedByConfig, forKey: .managedByConfig)
        try container.encode(endpoint.previousSecretExpiresAt, forKey: .previousSecretExpiresAt)
        try container.encode(endpoint.failingSince, forKey: .failingSince)
        try container.encode(endpoint.lastSuccessAt, forKey: .lastSuccessAt)
        try container.encode(endpoint.createdAt, forKey: .createdAt)
        try container.encode(endpoint.updatedAt, forKey: .updatedAt)
        if let secret { try container.encode(secret.text, forKey: .secret) }
    }
}

/// One delivery log entry as the API and `baton webhooks deliveries --json`
/// write it. `response_body` is the first 1 KiB of the receiver's answer
/// as text: invalid UTF-8 replaced, hidden characters and backslashes escaped.
public struct DeliveryBody: Encodable, Sendable {
    var attempt: WebhookAttempt

    /// The body of `attempt`.
    public init(_ attempt: WebhookAttempt) {
        self.attempt = attempt
    }

    /// The answer's first bytes, safe to show.
    public var responseBody: String { SafeText.escaped(String(decoding: attempt.responsePrefix, as: UTF8.self)) }

    private enum CodingKeys: String, CodingKey {
        case id, endpointID = "endpoint_id", eventID = "event_id", attempt, attemptedAt = "attempted_at"
        case durationMS = "duration_ms", status, httpStatus = "http_status", error, responseBody = "response_body"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(String(attempt.id), forKey: .id)
        try container.encode(attempt.endpointID.uuidString.lowercased(), forKey: .endpointID)
        try container.encode(attempt.eventID.uuidString.lowercased(), forKey: .eventID)
        try container.encode(attempt.attempt, forKey: .attempt)
        try container.encode(attempt.attemptedAt, forKey: .attemptedAt)
        try container.encode(attempt.durationMilliseconds, forKey: .durationMS)
        try container.encode(attempt.status.rawValue, forKey: .status)
        try container.encode(attempt.httpStatus, forKey: .httpStatus)
        try container.encode(attempt.error, forKey: .error)
        try container.encode(responseBody, forKey: .responseBody)
    }
}
