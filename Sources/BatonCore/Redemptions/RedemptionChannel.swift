import Postgres

/// How a redemption arrived, for metrics and the webhook.
public enum RedemptionChannel: String, Sendable, Codable, CaseIterable {
    /// From the App Clip itself.
    case clip
    /// From the full app, usually with the clip's handoff (the default).
    case app
    /// From a web page.
    case web
    /// From the product backend on a person's behalf.
    case backend
}

/// Read from a redemption's `channel` column; a channel this build does not
/// know is `decoding_unknown_value`.
extension RedemptionChannel: PostgresDecodable {}
