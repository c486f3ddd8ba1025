import Telemetry

extension BatonMetrics {
    /// Reads `cache`'s statistics at every scrape: how presented API keys
    /// were answered (from memory, or by reading the key's row), the
    /// key-change notifications received, and whether the cache is on (its
    /// listener connected and proven). Per process.
    public func addAPIKeyCacheStatistics(_ cache: APIKeyCache) {
        registry.addCollector {
            let statistics = cache.statistics
            let name = "baton_api_key_lookups_total"
            return [
                FamilySnapshot(
                    name: name, help: "Well-formed API keys presented, by where their row came from (cache, database).", type: .counter,
                    samples: [
                        Sample(name: name, labels: [Label(name: "source", value: "cache")], value: Double(statistics.hits)),
                        Sample(name: name, labels: [Label(name: "source", value: "database")], value: Double(statistics.reads)),
                    ]
                ),
                .counter(
                    "baton_api_key_cache_notifications_total", help: "Notifications of changed API keys the cache received.",
                    value: Double(statistics.notifications)
                ),
                .gauge(
                    "baton_api_key_cache_enabled",
                    help: "1 while the API-key cache may answer (its listener connected and proven), else 0.",
                    value: statistics.isListening ? 1 : 0
                ),
            ]
        }
    }
}
