import BatonCore
import Foundation
import Postgres
import Telemetry

/// The journey's stage counts for Prometheus, cluster-wide: the invites
/// that first reached each stage in the last 24 hours (flow), by `source`
/// and by the `platform` of their first landing-page open, read from the
/// rollup with ``JourneyStore`` at scrape time and cached for `maxAge`.
///
/// Bounded: the ``sourceLimit`` sources with the most invites get their own
/// label value (invites without a source, `(none)`, rank as one source),
/// every other one is summed under `(other)`; the platform is one of the
/// four ``JourneyPlatform`` values or `(none)` (never opened by a person).
/// So at most seven stages × six sources × five platforms: 210 series, and
/// only the source and platform pairs that have invites are exposed.
/// When the query fails the family is left out of that scrape and
/// `baton_invite_stages_collect_errors_total` goes up.
final class StageCountsCollector: Sendable {
    /// Sources with a label value of their own.
    static let sourceLimit = 5
    /// The span counted, back from the scrape.
    static let window: TimeInterval = 86_400

    private let pool: PostgresPool
    private let cache: ScrapeCache<[JourneyPlatform?: [JourneyGroup]]>
    private let errors: Counter

    init(pool: PostgresPool, maxAge: Duration, errors: Counter) {
        self.pool = pool
        self.cache = ScrapeCache(maxAge: maxAge)
        self.errors = errors
    }

    /// The family, from the cache when it is fresh enough.
    func families() -> [FamilySnapshot] {
        do {
            let groups = try cache.value {
                let now = Date()
                var query = try JourneyQuery(from: now.addingTimeInterval(-Self.window), to: now, interval: .day, now: now)
                query.groupBy = .source
                query.top = Self.sourceLimit
                return try pool.withConnection { try JourneyStore.groupsByPlatform(query, on: $0) }
            }
            return [Self.family(groups)]
        } catch {
            errors.increment()
            return []
        }
    }

    /// `baton_invite_stages{stage, source, platform}` of `groups`, each
    /// platform's sources (``JourneyStore/groupsByPlatform(_:statementTimeout:on:)``),
    /// the platforms in ``JourneyPlatform`` order and `(none)` last.
    static func family(_ groups: [JourneyPlatform?: [JourneyGroup]]) -> FamilySnapshot {
        let platforms: [JourneyPlatform?] = JourneyPlatform.allCases + [nil]
        let samples = platforms.flatMap { platform in
            (groups[platform] ?? []).flatMap { group in
                let source = group.isOther ? "(other)" : group.key ?? "(none)"
                return InviteStage.allCases.map { stage in
                    Sample(
                        name: "baton_invite_stages",
                        labels: [
                            Label(name: "stage", value: stage.rawValue), Label(name: "source", value: source),
                            Label(name: "platform", value: platform?.rawValue ?? "(none)"),
                        ],
                        value: Double(group.totals.stages[stage] ?? 0))
                }
            }
        }
        return FamilySnapshot(
            name: "baton_invite_stages",
            help:
                "Invites that first reached each journey stage in the last 24 hours, by source (the top 5, (other) and (none)) and platform of the first open (ios, android, desktop, other, (none)) (cluster-wide, cached).",
            type: .gauge, samples: samples)
    }
}

extension BatonMetrics {
    /// Adds the cluster-wide journey stage counts, read through `pool` at most once per `maxAge`.
    public func addStageCounts(pool: PostgresPool, maxAge: Duration = .seconds(60)) {
        let errors = registry.counter(
            "baton_invite_stages_collect_errors_total", help: "Scrapes whose stage count query failed (the stage family was left out)."
        )
        let collector = StageCountsCollector(pool: pool, maxAge: maxAge, errors: errors)
        registry.addCollector { collector.families() }
    }
}
