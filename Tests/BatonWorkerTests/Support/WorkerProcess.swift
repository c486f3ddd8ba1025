import BatonTestSupport
import Foundation

/// A `baton worker` child process on a test database, delivering webhooks to
/// a loopback receiver.
typealias WorkerProcess = BatonProcess

extension BatonProcess {
    /// Starts `baton worker` with `arguments` and `settings` on top of the
    /// database, secret and webhook settings, its configured endpoint `endpoint`.
    /// Throws ``MissingExecutable`` when `baton` was not built.
    convenience init(_ db: WorkerDatabase, endpoint: URL, arguments: [String] = [], settings: [String: String] = [:]) throws {
        let environment = [
            "BATON_DATABASE_URL": db.conninfo,
            "BATON_SECRET_KEY": TestSecrets.secretKeyHex,
            "BATON_WEBHOOK_URL": endpoint.absoluteString,
            "BATON_WEBHOOK_SECRET": String(decoding: WebhookDeliveryTests.secret, as: UTF8.self),
            // The receivers listen on loopback.
            "BATON_WEBHOOK_ALLOWED_NETWORKS": "127.0.0.0/8,::1/128",
        ].merging(settings) { $1 }
        try self.init(["worker"] + arguments, environment: environment)
    }

    /// The same, delivering to `receiver`.
    convenience init(_ db: WorkerDatabase, receiver: LoopbackReceiver, arguments: [String] = [], settings: [String: String] = [:])
        throws
    {
        try self.init(db, endpoint: receiver.url, arguments: arguments, settings: settings)
    }
}
