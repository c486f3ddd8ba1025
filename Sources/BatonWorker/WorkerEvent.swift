import BatonCore
import Postgres

/// Something an operator may want in the log. Every field is safe to log:
/// counts, ids, stable error codes; never job arguments or server messages.
public enum WorkerEvent: Sendable, Equatable {
    /// A database call failed; the loop named (`fetch`, `leader`) retries
    /// with backoff. `reason` is the error's code and safe description.
    case databaseFailed(loop: String, reason: String)
    /// This worker became, or stopped being, the leader.
    case leadership(acquired: Bool)
    /// A periodic task did something: `count` rows for `task`
    /// (`rescue`, `expire_invites`, `rollup_funnel`, `delete_jobs`, `delete_idempotency_keys`, `delete_events`).
    case periodic(task: String, count: Int)
    /// Jobs used their last attempt (or failed permanently) and were discarded.
    case discarded(ids: [Int64])

    /// The event for `error` thrown in `loop`. Queue and Postgres errors
    /// describe themselves without values; anything else is named by type only.
    static func failure(in loop: String, _ error: any Error) -> WorkerEvent {
        switch error {
        case let error as JobQueueError: .databaseFailed(loop: loop, reason: error.description)
        case let error as PostgresError: .databaseFailed(loop: loop, reason: error.description)
        default: .databaseFailed(loop: loop, reason: String(describing: type(of: error)))
        }
    }

    /// `info` for routine work, `warning` for failures and discards.
    public var level: String {
        switch self {
        case .databaseFailed, .discarded: "warning"
        case .leadership, .periodic: "info"
        }
    }

    /// One line for people.
    public var message: String {
        switch self {
        case .databaseFailed(let loop, let reason): "\(loop): database call failed, retrying: \(reason)"
        case .leadership(let acquired): acquired ? "became leader for periodic work" : "no longer leader"
        case .periodic(let task, let count): "\(task): \(count) row(s)"
        case .discarded(let ids): "discarded job(s) \(ids.map(String.init).joined(separator: ", ")) (baton jobs list --state discarded)"
        }
    }
}
