import SafeText

/// A command line that can't be run as written: unknown option, missing
/// value, value out of range. `baton` prints it with the command's usage line
/// and exits 2.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, already escaped for the terminal.
    public let message: String

    /// A usage error; `message` is escaped here, so callers may pass raw input.
    public init(_ message: String) {
        self.message = SafeText.escaped(message)
    }

    public var description: String { message }
}
