import Foundation
import JobQueue
import Postgres
import Telemetry

/// Jobs by kind and state, cluster-wide: one `GROUP BY` over `baton.jobs`
/// (`JobQueue.stats`) at scrape time, kept for `maxAge` so that frequent or
/// concurrent scrapes, from every replica, cannot hammer the database.
///
/// Kinds outside `kinds` are summed under `other`, so a stray row cannot add
/// series. When the query fails the job families are left out of that
/// scrape and `baton_jobs_collect_errors_total` goes up.
final class JobCountsCollector: Sendable {
    private struct Cached {
        var takenAtDate: Date
        var counts: [JobCount]
    }

    private let pool: PostgresPool
    private let kinds: [String]
    private let cache: ScrapeCache<Cached>
    private let errors: Counter

    init(pool: PostgresPool, kinds: Set<String>, maxAge: Duration, errors: Counter) {
        self.pool = pool
        self.kinds = kinds.sorted() + ["other"]
        self.cache = ScrapeCache(maxAge: maxAge)
        self.errors = errors
    }

    /// The families, from the cache when it is fresh enough.
    func families() -> [FamilySnapshot] {
        do {
            return families(
                from: try cache.value {
                    Cached(takenAtDate: Date(), counts: try pool.withConnection { connection in try JobQueue.stats(on: connection) })
                })
        } catch {
            errors.increment()
            return []
        }
    }

    private func families(from cached: Cached) -> [FamilySnapshot] {
        var totals: [String: [JobState: Int]] = [:]
        var oldestDue: [String: Date] = [:]
        for count in cached.counts {
            let kind = kinds.contains(count.kind) ? count.kind : "other"
            totals[kind, default: [:]][count.state, default: 0] += count.count
            if count.state == .available, let oldest = count.oldestScheduledAt {
                oldestDue[kind] = min(oldestDue[kind] ?? oldest, oldest)
            }
        }
        let jobs = kinds.flatMap { kind in
            JobState.allCases.map { state in
                Sample(
                    name: "baton_jobs", labels: [Label(name: "kind", value: kind), Label(name: "state", value: state.rawValue)],
                    value: Double(totals[kind]?[state] ?? 0)
                )
            }
        }
        let ages = kinds.map { kind in
            Sample(
                name: "baton_jobs_oldest_available_age_seconds", labels: [Label(name: "kind", value: kind)],
                value: oldestDue[kind].map { max(0, cached.takenAtDate.timeIntervalSince($0)) } ?? 0
            )
        }
        return [
            FamilySnapshot(
                name: "baton_jobs", help: "Jobs in the queue by kind and state (cluster-wide, cached for a few seconds).", type: .gauge,
                samples: jobs),
            FamilySnapshot(
                name: "baton_jobs_oldest_available_age_seconds",
                help: "Seconds the oldest available job has been due, by kind: the queue's lag (cluster-wide; 0 when none waits).",
                type: .gauge, samples: ages
            ),
        ]
    }
}

extension BatonMetrics {
    /// Adds the cluster-wide job families, read through `pool` at most once
    /// per `maxAge`; `kinds` are the job kinds that get their own label value.
    public func addJobCounts(pool: PostgresPool, kinds: Set<String> = [OutboxEvents.webhookKind], maxAge: Duration = .seconds(5)) {
        let errors = registry.counter(
            "baton_jobs_collect_errors_total", help: "Scrapes whose job count query failed (the job families were left out)."
        )
        let collector = JobCountsCollector(pool: pool, kinds: kinds, maxAge: maxAge, errors: errors)
        registry.addCollector { collector.families() }
    }
}
