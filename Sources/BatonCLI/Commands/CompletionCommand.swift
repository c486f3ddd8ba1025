/// `baton completion bash|zsh`: prints a shell completion script.
enum CompletionCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "completion",
        summary: "Print a bash or zsh completion script for baton's commands and options.",
        positionals: "bash|zsh",
        positionalCount: 1...1,
        discussion: """
            The script completes subcommands, and a command's options after a '-'; file names elsewhere.
            It is made from the same command list as --help, so it never offers an option the parser refuses.
            """,
        examples: [
            "source <(baton completion bash)",
            "baton completion zsh > \"${fpath[1]}/_baton\"",
        ]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let name = arguments.positionals[0]
        guard let shell = CommandTree.Shell(rawValue: name) else {
            throw UsageError("unknown shell '\(name)'; use \(CommandTree.Shell.allCases.map(\.rawValue).joined(separator: " or "))")
        }
        console.out(BatonCommandLine.tree.completionScript(shell, program: BatonCommandLine.program))
        return .success
    }
}
