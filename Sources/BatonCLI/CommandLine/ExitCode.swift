/// How `baton` tells scripts what happened: 0 success, 1 a check failed,
/// 2 the command line or its input was wrong (or the command could not run).
public enum ExitCode: Int32, Sendable {
    /// Everything asked for was done and every check passed.
    case success = 0
    /// The command ran, and what it checked is not right (an invalid envelope, a failed doctor check).
    case checkFailed = 1
    /// Usage or input error, or a failure that kept the command from running.
    case usageOrInputError = 2
}
