import BackgroundServices
import Postgres

/// Writes the endpoint `BATON_WEBHOOK_URL` and `BATON_WEBHOOK_SECRET`
/// define (``WebhookEndpointStore/configure(_:on:)``) when `baton serve`,
/// `worker` or `dev` starts, on a thread of its own that retries with
/// backoff while the database is unreachable and ends once it succeeds.
/// Without `BATON_WEBHOOK_URL` nothing is written, and an endpoint written
/// earlier stays as it is (`baton webhooks` shows it; delete it through the
/// database, or disable it with `PATCH`).
public final class ConfiguredEndpoint: LifecycleService {
    private let service = BackgroundService<PostgresConnection>(name: "baton-webhook-config")

    private let work: ServiceWork<PostgresConnection>?

    /// A writer of `settings` (nothing when nil) to the database at
    /// `conninfo`, sealing the secret under `secretKey`; `report` hears
    /// about failures (``ServiceEvent``). Connects only at ``start()``.
    public init(
        _ settings: WebhookSettings?, secretKey: [UInt8], conninfo: String,
        report: @escaping @Sendable (ServiceEvent) -> Void = { _ in }
    ) {
        let store = WebhookEndpointStore(secret: secretKey)
        work = settings.map { settings in
            ServiceWork(
                report: report, connect: { try PostgresConnection(conninfo) },
                turn: { connection, _ in
                    try store.configure(settings, on: connection)
                    return .finished
                },
                disconnect: { connection, _ in connection.close() })
        }
    }

    /// Starts writing it; returns at once.
    public func start() {
        if let work { service.start(work) }
    }

    /// Stops retrying (if it still is) and joins the thread.
    public func stop() {
        service.stop()
    }
}
