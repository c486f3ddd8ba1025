import SafeText

/// Every problem found in the environment at once, so an operator fixes them
/// in one round instead of one per restart.
public struct ConfigurationError: Error, Equatable, CustomStringConvertible {
    /// One setting that is missing or malformed.
    public struct Problem: Sendable, Equatable {
        /// The variable, such as `BATON_DB_POOL_SIZE`.
        public let setting: String
        /// What is wrong with it; never the value of a secret.
        public let message: String
    }

    /// The problems, in the order of ``Setting/all``.
    public let problems: [Problem]

    /// A stable machine-readable code.
    public var code: String { "invalid_configuration" }

    public var description: String {
        "invalid_configuration: " + problems.map { "\($0.setting): \(SafeText.escaped($0.message))" }.joined(separator: "; ")
    }
}
