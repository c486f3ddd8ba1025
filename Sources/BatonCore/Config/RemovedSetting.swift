/// A `BATON_*` variable an earlier Baton read and this one ignores:
/// `baton config check` shows it, when set, as ignored and why, so an
/// operator can drop it from the deployment; it is never an error.
public struct RemovedSetting: Sendable, Hashable {
    /// The environment variable.
    public let name: String
    /// Why it went away, in one line.
    public let reason: String

    /// Every removed setting.
    public static let all: [RemovedSetting] = [
        RemovedSetting(
            name: "BATON_WORKER_RENEW_AFTER_WEBHOOKS",
            reason: "the worker no longer re-executes itself: its libcurl webhook transport does not grow with the requests"
        )
    ]
}
