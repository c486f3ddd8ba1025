import Foundation
import Postgres

/// Webhook endpoints in `baton.webhook_endpoints`: create, read, change,
/// delete, rotate secrets, and the one `BATON_WEBHOOK_URL` defines.
///
/// Secrets are generated here, returned once and stored sealed
/// (``SealingKey`` with the `webhook-secret` purpose, bound to the
/// endpoint's id, so a sealed secret copied to another row does not open).
/// A rotation keeps the previous secret signing until its expiry, so a
/// receiver can switch without refusing a delivery. Endpoints managed by
/// configuration can't be changed here (`managedByConfig`, 409): only
/// ``configure(_:on:)`` writes them. Every call runs one statement on the
/// caller's connection (two for a refused change: the second says why).
public struct WebhookEndpointStore: Sendable {
    /// Endpoints per page, and the default.
    public static let limitRange = 1...100
    /// The longest a rotated-out secret may keep signing: 7 days.
    public static let previousSecretLifetime = 0...604_800

    private let sealing: SealingKey

    /// A store sealing secrets under `secret` (the `BATON_SECRET_KEY` bytes).
    public init(secret: [UInt8]) {
        sealing = SealingKey(secret: secret, purpose: .webhookSecret)
    }

    /// Creates an endpoint with a fresh secret.
    /// - Returns: the endpoint and its secret, which is never shown again.
    /// - Throws: `PostgresError`.
    public func create(_ new: NewWebhookEndpoint, on connection: PostgresConnection) throws -> (WebhookEndpoint, WebhookSecret) {
        let id = UUID()
        let secret = WebhookSecret.generate()
        let rows = try connection.query(
            Self.insert,
            [
                id, new.url.absoluteString, new.description, new.enabledEvents, new.disabled,
                new.disabled ? WebhookEndpoint.disabledByRequestReason : nil, seal(secret, for: id),
                new.signatureScheme.rawValue,
            ])
        return (try Self.endpoint(rows[0]), secret)
    }

    /// A page of endpoints ordered by id, after the endpoint `after` when given.
    /// - Returns: the endpoints and the cursor of the next page (nil on the last).
    public func list(after: UUID?, limit: Int, on connection: PostgresConnection) throws -> (endpoints: [WebhookEndpoint], next: UUID?) {
        let rows = try connection.query(Self.selectPage, [after, limit + 1])
        let endpoints = try rows.map(Self.endpoint)
        let page = Array(endpoints.prefix(limit))
        return (page, endpoints.count > limit ? page.last?.id : nil)
    }

    /// The endpoint `id`.
    /// - Throws: `WebhookEndpointError.notFound`, `PostgresError`.
    public func endpoint(id: UUID, on connection: PostgresConnection) throws -> WebhookEndpoint {
        guard let row = try connection.query(Self.selectOne, [id]).first else { throw WebhookEndpointError.notFound }
        return try Self.endpoint(row)
    }

    /// Applies `change` to endpoint `id`. Disabling records
    /// ``WebhookEndpoint/disabledByRequestReason``; enabling clears the
    /// reason and the failure streak. An endpoint managed by configuration
    /// takes only `disabled` (so one disabled after failing can be enabled).
    /// - Throws: `WebhookEndpointError.notFound`, `.managedByConfig`, `PostgresError`.
    public func update(id: UUID, _ change: WebhookEndpointChange, on connection: PostgresConnection) throws -> WebhookEndpoint {
        let rows = try connection.query(
            Self.update,
            [
                id, change.url?.absoluteString, change.description, change.enabledEvents, change.disabled,
                change.signatureScheme?.rawValue,
            ])
        guard let row = rows.first else { throw try refusal(id, on: connection) }
        return try Self.endpoint(row)
    }

    /// Deletes endpoint `id` and its delivery log; its queued jobs are
    /// discarded when they next run.
    /// - Throws: `WebhookEndpointError.notFound`, `.managedByConfig`, `PostgresError`.
    public func delete(id: UUID, on connection: PostgresConnection) throws {
        guard try connection.query(Self.delete, [id]).affectedRows == 1 else { throw try refusal(id, on: connection) }
    }

    /// Gives endpoint `id` a fresh secret; the current one keeps signing
    /// beside it for `previousExpiresIn` seconds (0: not at all).
    /// - Returns: the endpoint and its new secret, which is never shown again.
    /// - Throws: `WebhookEndpointError.validationFailed` for a lifetime
    ///   outside ``previousSecretLifetime``, `.notFound`, `.managedByConfig`, `PostgresError`.
    public func rotateSecret(id: UUID, previousExpiresIn: Int, on connection: PostgresConnection) throws -> (WebhookEndpoint, WebhookSecret)
    {
        guard Self.previousSecretLifetime.contains(previousExpiresIn) else {
            throw WebhookEndpointError.validationFailed(
                field: "previous_expires_in_seconds", reason: "must be a whole number from 0 to \(Self.previousSecretLifetime.upperBound)")
        }
        let secret = WebhookSecret.generate()
        guard let row = try connection.query(Self.rotate, [id, seal(secret, for: id), previousExpiresIn]).first else {
            throw try refusal(id, on: connection)
        }
        return (try Self.endpoint(row), secret)
    }

    /// Creates or updates the endpoint `BATON_WEBHOOK_URL` defines
    /// (``WebhookEndpoint/configuredID``) with `BATON_WEBHOOK_SECRET`,
    /// receiving every event. Whether it is disabled is kept: only
    /// `PATCH {"disabled": …}` changes that.
    /// - Throws: `PostgresError`.
    public func configure(_ settings: WebhookSettings, on connection: PostgresConnection) throws {
        let id = WebhookEndpoint.configuredID
        let secret = seal(WebhookSecret(text: String(decoding: settings.secret, as: UTF8.self)), for: id)
        try connection.query(Self.upsertConfigured, [id, settings.url.absoluteString, secret])
    }

    /// The signing key in `sealed`, stored for endpoint `id`, or nil when
    /// it does not open (another `BATON_SECRET_KEY`, or altered).
    public func openSecret(_ sealed: Data, for id: UUID) -> [UInt8]? {
        sealing.open(Array(sealed), associatedData: Self.associatedData(id))
    }

    private func seal(_ secret: WebhookSecret, for id: UUID) -> Data {
        Data(sealing.seal(secret.key, associatedData: Self.associatedData(id)))
    }

    private static func associatedData(_ id: UUID) -> [UInt8] {
        Array("webhook-endpoint/\(id.uuidString.lowercased())".utf8)
    }

    /// Why a change matched no row: the endpoint is managed by configuration, or absent.
    private func refusal(_ id: UUID, on connection: PostgresConnection) throws -> WebhookEndpointError {
        let managed = try connection.query(Self.selectManaged, [id]).first?.decode(Bool.self, at: 0)
        return managed == true ? .managedByConfig : .notFound
    }
}
