import BatonCore
import Foundation
import Postgres

/// The database side of `WebhookDelivery`: what an attempt sends, and its
/// entry in the delivery log, for whole batches of attempts at once.
///
/// ``begin(_:)`` reads the endpoint (URL, sealed secrets) and the event's
/// body (`baton.webhook_body`, the invite's attribution joined once) and
/// inserts the attempt's log entry; ``finish(_:)`` records the outcome and
/// the endpoint's failure streak. Each is one array-bound statement, and
/// one commit, per batch: the worker hands a claimed batch of deliveries
/// to one call (``WebhookDelivery`` is a `BatchJobHandler`), so the log's
/// cost grows with the batches, not the deliveries. The entry is committed before the request goes out, so a
/// worker killed mid-request leaves an entry with no outcome. The outcome
/// is committed without waiting for its WAL flush (docs/webhooks.md,
/// "Delivery log"): the job's completion, written after it and flushed,
/// makes it durable. Connections come from a pool of two (one batch may
/// begin while another finishes), opened on first use and closed with this object.
public final class WebhookEvents: Sendable {
    /// What ``begin(_:)`` is asked about.
    struct Attempt: Sendable {
        /// The event.
        var eventID: UUID
        /// The endpoint; nil for a job from before endpoints (the configured one).
        var endpointID: UUID?
        /// The body an older job carries instead of an event id.
        var carried: WebhookJSON?
        /// The job and its attempt number, for the log.
        var jobID: Int64
        var attempt: Int
        /// The delivery's clock, for the rotation's overlap.
        var now: Date
    }

    /// What an attempt sends, once its log entry is written.
    struct Target: Sendable {
        var endpointID: UUID
        var url: URL
        /// The current secret, then the previous one while it still signs.
        var sealedSecrets: [Data]
        /// How the endpoint signs.
        var scheme: WebhookSignatureScheme
        /// The exact bytes to sign and send.
        var body: WebhookJSON
        var logID: Int64
    }

    /// How a logged attempt ended, for ``finish(_:)``.
    struct Outcome: Sendable {
        var target: Target
        var response: WebhookResponse
        var succeeded: Bool
        /// The delivery's clock: the streak's times.
        var now: Date
        /// How long an endpoint may fail without one success before it is disabled.
        var disableAfter: Duration
    }

    /// Why nothing is sent.
    enum Refusal: Error, Equatable {
        case endpointMissing, endpointDisabled, eventMissing, badURL, malformedBody
    }

    private let pool: PostgresPool

    /// A reader and writer of the database at `conninfo`.
    public init(conninfo: String) {
        pool = PostgresPool(PostgresPoolConfiguration(conninfo: conninfo, maxConnections: 2))
    }

    deinit {
        pool.close()
    }

    /// The targets of `attempts` (a claimed batch: at most the worker's
    /// concurrency, at most 256), their log entries written, in one statement.
    /// Each is its target, or fails with `Refusal` when nothing should be
    /// sent (no log entry then, but for `malformedBody`), or with
    /// `PostgresError` when the database can't be read.
    func begin(_ attempts: [Attempt]) -> [Result<Target, any Error>] {
        attempts.isEmpty ? [] : Self.begin(attempts, on: pool)
    }

    /// Records `outcomes` and their endpoints' streaks in one statement: a
    /// success clears a streak, a failure starts it, and a failure while it
    /// has lasted `disableAfter` disables the endpoint. Each is whether it
    /// disabled its endpoint (true for one outcome of a batch that did),
    /// or fails with `PostgresError`.
    func finish(_ outcomes: [Outcome]) -> [Result<Bool, any Error>] {
        outcomes.isEmpty ? [] : Self.finish(outcomes, on: pool)
    }

    /// One statement for `attempts`; each one's target or refusal.
    static func begin(_ attempts: [Attempt], on pool: PostgresPool) -> [Result<Target, any Error>] {
        let rows: PostgresRows
        do {
            rows = try pool.withConnection { connection in
                try connection.query(
                    beginStatement,
                    [
                        attempts.map(\.jobID), attempts.map { Int32(clamping: $0.attempt) }, attempts.map(\.eventID),
                        attempts.map { $0.endpointID ?? WebhookEndpoint.configuredID }, attempts.map { $0.carried != nil },
                        attempts.map(\.now),
                    ])
            }
        } catch {
            return attempts.map { _ in .failure(error) }
        }
        // One row per attempt by construction; anything else is retried, never taken for a refusal.
        guard rows.count == attempts.count else { return attempts.map { _ in .failure(PostgresError(.unexpectedResult)) } }
        // Fan-out puts one event in several jobs of a batch: its body is made once.
        var bodies: [UUID: WebhookJSON] = [:]
        var urls: [String: URL] = [:]
        return zip(attempts, rows).map { attempt, row in
            Result { () throws -> Target in
                guard let endpointID: UUID = try row.decode("endpoint_id") else { throw Refusal.endpointMissing }
                guard try !row.decode(Bool.self, "disabled") else { throw Refusal.endpointDisabled }
                guard let logID: Int64 = try row.decode("log_id") else { throw Refusal.eventMissing }
                let body =
                    try attempt.carried ?? bodies[attempt.eventID]
                    ?? {
                        guard let text: String = try row.decode("body"), let body = WebhookJSON(text.utf8) else {
                            throw Refusal.malformedBody
                        }
                        bodies[attempt.eventID] = body
                        return body
                    }()
                let text = try row.decode(String.self, "url")
                guard let url = urls[text] ?? URL(string: text) else { throw Refusal.badURL }
                urls[text] = url
                let previous: Data? = try row.decode("previous_sealed")
                return Target(
                    endpointID: endpointID, url: url, sealedSecrets: [try row.decode("secret_sealed")] + (previous.map { [$0] } ?? []),
                    scheme: WebhookSignatureScheme(rawValue: try row.decode("signature_scheme")) ?? .default, body: body, logID: logID)
            }
        }
    }

    /// One statement for `outcomes`; for each, whether it disabled its endpoint.
    static func finish(_ outcomes: [Outcome], on pool: PostgresPool) -> [Result<Bool, any Error>] {
        var statuses: [Int32?] = []
        var failures: [String?] = []
        for outcome in outcomes {
            switch outcome.response.outcome {
            case .status(let code):
                statuses.append(Int32(clamping: code))
                failures.append(nil)
            case .failed(let reason):
                statuses.append(nil)
                failures.append(reason)
            }
        }
        let disabled: Set<UUID>
        do {
            let rows = try pool.withConnection { connection in
                try connection.query(
                    finishStatement,
                    [
                        outcomes.map(\.target.logID), outcomes.map { $0.response.duration / .milliseconds(1) }, statuses, failures,
                        outcomes.map(\.succeeded), outcomes.map { Data($0.response.bodyPrefix.prefix(WebhookDeliveryLog.bodyLimit)) },
                        outcomes.map(\.now), outcomes.map { $0.disableAfter / .seconds(1) }, WebhookEndpoint.autoDisabledReason,
                    ])
            }
            disabled = Set(
                try rows.compactMap { row throws(PostgresError) in
                    try row.decode(Bool.self, "newly_disabled") ? try row.decode(UUID.self, "endpoint_id") : nil
                })
        } catch {
            return outcomes.map { _ in .failure(error) }
        }
        // Each disable is reported once: by the first failed outcome of its endpoint.
        var reported: Set<UUID> = []
        return outcomes.map { outcome in
            let endpoint = outcome.target.endpointID
            guard !outcome.succeeded, disabled.contains(endpoint), !reported.contains(endpoint) else { return .success(false) }
            reported.insert(endpoint)
            return .success(true)
        }
    }
}
