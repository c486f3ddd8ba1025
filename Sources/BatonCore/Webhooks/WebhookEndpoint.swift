import Foundation

/// A receiver of webhooks: where events go, which of them, and whether it
/// takes them now. What the API shows; its secrets are never part of it
/// (they are shown once, by ``WebhookEndpointStore/create(_:on:)`` and
/// ``WebhookEndpointStore/rotateSecret(id:previousExpiresIn:on:)``).
public struct WebhookEndpoint: Sendable, Equatable {
    /// The reason an endpoint that failed for too long carries.
    public static let autoDisabledReason = "endpoint_disabled"
    /// The reason an endpoint disabled through the API carries.
    public static let disabledByRequestReason = "disabled_by_request"
    /// The filter that matches every event type.
    public static let allEvents = "*"
    /// The id of the endpoint `BATON_WEBHOOK_URL` defines: fixed, so every
    /// process that starts with it upserts the same row.
    public static let configuredID = UUID(uuidString: "00000000-0000-4000-8000-00000000c0f1")!

    /// The endpoint's id.
    public var id: UUID
    /// Where deliveries are POSTed.
    public var url: String
    /// What it is for, as the operator wrote it (at most 500 characters).
    public var description: String
    /// The event types it receives, or `["*"]` for all.
    public var enabledEvents: [String]
    /// Whether deliveries are paused (its jobs are discarded, nothing sent).
    public var disabled: Bool
    /// How its deliveries are signed.
    public var signatureScheme: WebhookSignatureScheme
    /// Why it is disabled: ``autoDisabledReason``, ``disabledByRequestReason``; nil when enabled.
    public var disabledReason: String?
    /// Whether `BATON_WEBHOOK_URL` defines it (then the API refuses to change it).
    public var managedByConfig: Bool
    /// Until when the previous secret still signs, during a rotation.
    public var previousSecretExpiresAt: Date?
    /// The first failed attempt since the last success; nil while healthy.
    public var failingSince: Date?
    /// The last successful delivery.
    public var lastSuccessAt: Date?
    /// When it was created.
    public var createdAt: Date
    /// When it was last changed.
    public var updatedAt: Date

    /// The event types an endpoint may name: every type Baton delivers.
    public static var knownEventTypes: [String] { OutboxEvents.EventType.allCases.map(\.rawValue) }
}

/// A new endpoint as the API or the CLI asks for it, checked by
/// ``init(url:description:enabledEvents:disabled:signatureScheme:destinations:)``.
public struct NewWebhookEndpoint: Sendable, Equatable {
    /// The checked URL.
    public var url: URL
    /// The description.
    public var description: String
    /// The checked filter.
    public var enabledEvents: [String]
    /// Whether it starts disabled.
    public var disabled: Bool
    /// How its deliveries are signed.
    public var signatureScheme: WebhookSignatureScheme

    /// A checked endpoint, its URL's host allowed by `destinations`
    /// (public addresses only, unless given).
    /// - Throws: `WebhookEndpointError.validationFailed` naming the field,
    ///   `.urlNotAllowed` naming the address class the policy refuses,
    ///   `.unknownSignatureScheme`.
    public init(
        url: String?, description: String? = nil, enabledEvents: [String]? = nil, disabled: Bool? = nil,
        signatureScheme: String? = nil, destinations: DestinationPolicy = DestinationPolicy()
    ) throws(WebhookEndpointError) {
        guard let url else { throw .validationFailed(field: "url", reason: "is required") }
        self.url = try Self.checkURL(url, destinations: destinations)
        self.description = try Self.checkDescription(description ?? "")
        self.enabledEvents = try Self.checkEvents(enabledEvents ?? [WebhookEndpoint.allEvents])
        self.disabled = disabled ?? false
        self.signatureScheme = try signatureScheme.map(WebhookSignatureScheme.parse) ?? .default
    }

    /// `text` as an endpoint URL: `https://`, or `http://` on a loopback
    /// host, to a host `destinations` allows.
    static func checkURL(_ text: String, destinations: DestinationPolicy) throws(WebhookEndpointError) -> URL {
        guard text.utf8.count <= 2048 else { throw .validationFailed(field: "url", reason: "must be at most 2048 bytes") }
        switch WebhookSettings.checkEndpoint(text, destinations: destinations) {
        case .success(let url): return url
        case .failure(.destinationNotAllowed(let refused)): throw .urlNotAllowed(refused)
        case .failure(let problem): throw .validationFailed(field: "url", reason: problem.message)
        }
    }

    static func checkDescription(_ text: String) throws(WebhookEndpointError) -> String {
        guard text.unicodeScalars.count <= 500 else {
            throw .validationFailed(field: "description", reason: "must have at most 500 characters")
        }
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .validationFailed(field: "description", reason: "must not hold control characters")
        }
        return text
    }

    /// A filter: one or more known types without repeats, or `["*"]`.
    static func checkEvents(_ types: [String]) throws(WebhookEndpointError) -> [String] {
        let field = "enabled_events"
        guard !types.isEmpty else { throw .validationFailed(field: field, reason: "must name at least one event type, or \"*\"") }
        if types == [WebhookEndpoint.allEvents] { return types }
        let known = Set(WebhookEndpoint.knownEventTypes)
        guard types.allSatisfy(known.contains) else {
            throw .validationFailed(
                field: field, reason: "must hold only \(WebhookEndpoint.knownEventTypes.joined(separator: ", ")), or be [\"*\"]")
        }
        guard Set(types).count == types.count else { throw .validationFailed(field: field, reason: "must not repeat a type") }
        return types
    }
}

/// A change to an endpoint (`PATCH`): the fields given, checked.
public struct WebhookEndpointChange: Sendable, Equatable {
    /// A new URL.
    public var url: URL?
    /// A new description.
    public var description: String?
    /// A new filter.
    public var enabledEvents: [String]?
    /// Disable (true) or enable (false) it; enabling clears the reason and the failure streak.
    public var disabled: Bool?
    /// A new signature scheme, taking effect from the next attempt.
    public var signatureScheme: WebhookSignatureScheme?

    /// A checked change; a new URL's host must be one `destinations` allows.
    /// - Throws: `WebhookEndpointError.validationFailed` naming the field, `.urlNotAllowed`,
    ///   `.unknownSignatureScheme`.
    public init(
        url: String? = nil, description: String? = nil, enabledEvents: [String]? = nil, disabled: Bool? = nil,
        signatureScheme: String? = nil, destinations: DestinationPolicy = DestinationPolicy()
    ) throws(WebhookEndpointError) {
        self.url = try url.map { text throws(WebhookEndpointError) in try NewWebhookEndpoint.checkURL(text, destinations: destinations) }
        self.description = try description.map { text throws(WebhookEndpointError) in try NewWebhookEndpoint.checkDescription(text) }
        self.enabledEvents = try enabledEvents.map { types throws(WebhookEndpointError) in try NewWebhookEndpoint.checkEvents(types) }
        self.disabled = disabled
        self.signatureScheme = try signatureScheme.map(WebhookSignatureScheme.parse)
    }
}
