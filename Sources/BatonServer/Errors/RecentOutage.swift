import Foundation
import Locking
import Postgres

/// The last database refusal that requests met and that readiness cannot
/// see for itself, remembered for ``window`` so that `/readyz` reports it.
///
/// Readiness's own probe is a read: it sees a lost connection, a shutdown
/// (`admin_shutdown`) and a read-only database (`read_only_sql_transaction`)
/// directly, but a full disk (`disk_full`) refuses only writes that extend a
/// table or index file, which no probe short of a table write reaches.
/// Requests do make such writes, so the first one refused tells readiness.
/// Only the refusal path records anything: a request that succeeds takes
/// no lock here.
final class RecentOutage: Sendable {
    /// The outages remembered: those readiness's probe cannot meet itself.
    static let remembered: Set<String> = [PostgresError.Code.diskFull.rawValue]
    /// How long readiness reports a remembered outage after the last
    /// request that met it (docs/operations.md, "Health, readiness, shutdown").
    static let window: TimeInterval = 30

    private let last = SleepingLock<(reason: String, at: Date)?>(nil)

    /// Notes `outage` at `now` when it is one readiness cannot see itself.
    func note(_ outage: ServiceUnavailable, at now: Date) {
        guard Self.remembered.contains(outage.reason) else { return }
        last.withLock { $0 = (outage.reason, now) }
    }

    /// The remembered outage, if a request met it within ``window`` of `now`.
    func current(at now: Date) -> ServiceUnavailable? {
        guard let (reason, at) = last.withLock({ $0 }), now.timeIntervalSince(at) < Self.window else { return nil }
        return ServiceUnavailable(reason: reason)
    }
}
