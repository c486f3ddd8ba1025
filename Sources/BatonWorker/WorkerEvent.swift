import BatonCore
import Foundation
import JobQueue
import Postgres

/// Something an operator may want in the log. Every field is safe to log:
/// counts, ids, stable error codes; never job arguments or server messages.
public enum WorkerEvent: Sendable, Equatable {
    /// A database call failed; the loop named (`fetch`, `leader`) retries
    /// with backoff. `reason` is the error's code and safe description;
    /// `failures` counts the failures in a row. Logged once per outage, and
    /// again only when the reason changes.
    case databaseFailed(loop: String, reason: String, failures: Int)
    /// The loop's database calls succeed again after `failures` failures in a row.
    case databaseRecovered(loop: String, failures: Int)
    /// This worker became, or stopped being, the leader.
    case leadership(acquired: Bool)
    /// A periodic task did something: `count` rows for `task`
    /// (`rescue`, `expire_invites`, `rollup_funnel`, `delete_jobs`, `delete_idempotency_keys`,
    /// `delete_webhook_deliveries`, `delete_events`).
    case periodic(task: String, count: Int)
    /// Jobs used their last attempt (or failed permanently) and were discarded.
    case discarded(ids: [Int64])
    /// A webhook endpoint failed for `BATON_WEBHOOK_DISABLE_AFTER_HOURS`
    /// without one success and was disabled (reason `endpoint_disabled`).
    case endpointDisabled(id: UUID)

    /// The event for `error` thrown in `loop`, the `failures`th in a row.
    /// Queue and Postgres errors describe themselves without values;
    /// anything else is named by type only.
    static func failure(in loop: String, _ error: any Error, failures: Int) -> WorkerEvent {
        let reason =
            switch error {
            case let error as JobQueueError: error.description
            case let error as PostgresError: error.description
            default: String(describing: type(of: error))
            }
        return .databaseFailed(loop: loop, reason: reason, failures: failures)
    }

    /// `info` for routine work, `warning` for failures and discards.
    public var level: String {
        switch self {
        case .databaseFailed, .discarded, .endpointDisabled: "warning"
        case .databaseRecovered, .leadership, .periodic: "info"
        }
    }

    /// One line for people.
    public var message: String {
        switch self {
        case .databaseFailed(let loop, let reason, let failures):
            "\(loop): database call failed, retrying with backoff: \(reason)" + (failures > 1 ? " (\(failures) failures in a row)" : "")
        case .databaseRecovered(let loop, let failures): "\(loop): database calls succeed again after \(failures) failure(s)"
        case .leadership(let acquired): acquired ? "became leader for periodic work" : "no longer leader"
        case .periodic(let task, let count): "\(task): \(count) row(s)"
        case .discarded(let ids): "discarded job(s) \(ids.map(String.init).joined(separator: ", ")) (baton jobs list --state discarded)"
        case .endpointDisabled(let id):
            "webhook endpoint \(id.uuidString.lowercased()) disabled after failing without a success for BATON_WEBHOOK_DISABLE_AFTER_HOURS (reason endpoint_disabled; enable it with PATCH)"
        }
    }
}
