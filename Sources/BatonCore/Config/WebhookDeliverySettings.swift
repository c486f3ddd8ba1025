import Foundation
import HTTP
import JobQueue

/// How every worker delivers webhooks, to whichever endpoint
/// (`BATON_WEBHOOK_TIMEOUT_MS`, `_RETRY_BASE_SECONDS`, `_MAX_ATTEMPTS`,
/// `_DISABLE_AFTER_HOURS`, `_LOG_RETENTION_DAYS`, `_CA_BUNDLE`, `_ALLOWED_NETWORKS`). Read whether or not
/// `BATON_WEBHOOK_URL` is set: endpoints live in the database.
public struct WebhookDeliverySettings: Sendable, Equatable {
    /// The longest one request may take.
    public var timeout: Duration
    /// The first retry delay in seconds; later ones double.
    public var retryBaseSeconds: Double
    /// Attempts before a delivery is discarded.
    public var maxAttempts: Int
    /// How long an endpoint may fail without one success before it is disabled.
    public var disableAfter: Duration
    /// How long the delivery log keeps an attempt.
    public var logRetention: Duration
    /// The PEM file of CA certificates receivers are verified against
    /// instead of the system bundle; nil for the system bundle.
    public var caBundle: String?
    /// Which addresses endpoints may name and deliveries may connect to.
    public var destinations: DestinationPolicy

    /// The defaults (public addresses only), or the values given.
    public init(
        timeout: Duration = .seconds(10), retryBaseSeconds: Double = 30, maxAttempts: Int = OutboxEvents.defaultWebhookMaxAttempts,
        disableAfter: Duration = .seconds(5 * 86_400), logRetention: Duration = .seconds(30 * 86_400), caBundle: String? = nil,
        destinations: DestinationPolicy = DestinationPolicy()
    ) {
        self.timeout = timeout
        self.retryBaseSeconds = retryBaseSeconds
        self.maxAttempts = maxAttempts
        self.disableAfter = disableAfter
        self.logRetention = logRetention
        self.caBundle = caBundle
        self.destinations = destinations
    }

    /// The retry schedule: the base doubling up to 6 hours, ±25 % jitter.
    public var backoff: Backoff { Backoff(base: retryBaseSeconds, cap: 6 * 3600) }

    static func read(_ reader: inout SettingReader) -> WebhookDeliverySettings? {
        let timeout = reader.integer(.webhookTimeout, in: 100...120_000)
        let base = reader.decimal(.webhookRetryBase, in: 0.001...86_400)
        let attempts = reader.integer(.webhookMaxAttempts, in: 1...100)
        let disableAfter = reader.integer(.webhookDisableAfter, in: 1...8_760)
        let retention = reader.integer(.webhookLogRetention, in: 1...3_650)
        let caBundle = reader.optional(.webhookCABundle, expected: "a readable PEM file of CA certificates, at most 16 MiB") { path in
            holdsCertificates(path) ? path : nil
        }
        let networks = reader.parsed(.webhookAllowedNetworks, expected: "comma-separated CIDRs such as 10.1.0.0/16,fd00:1::/64") {
            ranges($0)
        }
        guard let timeout, let base, let attempts, let disableAfter, let retention, let caBundle, let networks else { return nil }
        return WebhookDeliverySettings(
            timeout: .milliseconds(timeout), retryBaseSeconds: base, maxAttempts: attempts,
            disableAfter: .seconds(disableAfter * 3600), logRetention: .seconds(retention * 86_400), caBundle: caBundle,
            destinations: DestinationPolicy(allowing: networks))
    }

    /// The ranges of a comma-separated list (spaces around commas allowed;
    /// empty: none), or nil when one is not a CIDR ``IPRange`` reads.
    static func ranges(_ text: String) -> [IPRange]? {
        guard !text.isEmpty else { return [] }
        var ranges: [IPRange] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let range = IPRange(item.trimmingCharacters(in: .whitespaces)) else { return nil }
            ranges.append(range)
        }
        return ranges
    }

    /// Whether `path` is a readable file of at most 16 MiB with a PEM
    /// certificate in it, so a wrong path fails at start rather than at
    /// every delivery. libcurl parses the certificates themselves.
    static func holdsCertificates(_ path: String) -> Bool {
        let limit = 16 << 20
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: limit + 1), data.count <= limit else { return false }
        return data.range(of: Data("-----BEGIN CERTIFICATE-----".utf8)) != nil
    }
}
