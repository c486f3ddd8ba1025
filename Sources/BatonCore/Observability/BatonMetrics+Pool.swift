import Postgres
import Telemetry

extension BatonMetrics {
    /// Reads `pool`'s statistics at every scrape: connections in use, idle
    /// and waited for, the maximum, and the totals of opened connections and
    /// of callers that gave up waiting (`pool_exhausted`). Per process.
    public func addPoolStatistics(_ pool: PostgresPool) {
        registry.addCollector {
            let statistics = pool.statistics
            return [
                FamilySnapshot(
                    name: "baton_db_pool_connections", help: "Pooled PostgreSQL connections by state (in_use, idle).", type: .gauge,
                    samples: [
                        Sample(
                            name: "baton_db_pool_connections", labels: [Label(name: "state", value: "idle")], value: Double(statistics.idle)
                        ),
                        Sample(
                            name: "baton_db_pool_connections", labels: [Label(name: "state", value: "in_use")],
                            value: Double(statistics.inUse)),
                    ]
                ),
                .gauge("baton_db_pool_waiting", help: "Callers waiting for a pooled connection.", value: Double(statistics.waiting)),
                .gauge("baton_db_pool_max_connections", help: "The pool's connection limit.", value: Double(statistics.maxConnections)),
                .counter("baton_db_pool_opened_total", help: "Connections the pool opened.", value: Double(statistics.totalOpened)),
                .counter(
                    "baton_db_pool_wait_timeouts_total", help: "Callers that gave up waiting for a connection (pool_exhausted).",
                    value: Double(statistics.totalTimeouts)
                ),
            ]
        }
    }
}
