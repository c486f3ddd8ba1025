/// One runnable `baton` subcommand: its spec (options, help) and its body.
///
/// Commands are stateless types; `run` gets the parsed arguments and the
/// console to print to, and returns the exit code. A thrown ``UsageError``
/// exits 2 with the usage line; any other error exits 2 with its description,
/// which every Baton error keeps free of secrets and hidden characters.
public protocol BatonCommand {
    /// What the command accepts and how `--help` describes it.
    static var spec: CommandSpec { get }
    /// Runs the command.
    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode
}
