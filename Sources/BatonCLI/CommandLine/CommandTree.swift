/// A command hierarchy (`baton`'s, `baton-bench`'s): groups (`keys`, `jobs`)
/// hold commands, every level answers `--help`, and the root `--version`.
public indirect enum CommandTree {
    /// A runnable command.
    case command(any BatonCommand.Type)
    /// A group of commands under one word, such as `keys`.
    case group(name: String, summary: String, children: [CommandTree])

    /// The word that selects this node from its parent.
    var word: String {
        switch self {
        case .command(let type): String(type.spec.name.split(separator: " ").last ?? "")
        case .group(let name, _, _): String(name.split(separator: " ").last ?? "")
        }
    }

    var summary: String {
        switch self {
        case .command(let type): type.spec.summary
        case .group(_, let summary, _): summary
        }
    }

    /// Finds the command the words name and runs it; `program` is the
    /// executable's name (`baton`) that messages and help texts start with.
    /// - Returns: the exit code to leave with.
    public func dispatch(_ words: [String], program: String, console: Console) -> ExitCode {
        switch self {
        case .command(let type):
            let invocation = "\(program) \(type.spec.name)"
            if words.contains("--help") || words.contains("-h") {
                console.out(type.spec.helpText(program: program))
                return .success
            }
            do {
                return try type.run(ParsedArguments(words, spec: type.spec), console: console)
            } catch let error as UsageError {
                console.err("\(invocation): \(error.message)\nRun '\(invocation) --help' for usage.")
                return .usageOrInputError
            } catch {
                console.err("\(invocation): error: \(error)")
                return .usageOrInputError
            }
        case .group(let name, _, let children):
            let prefix = name.isEmpty ? program : "\(program) \(name)"
            if name.isEmpty, words == ["--version"] {
                console.out(BuildInfo.current.text(program: program))
                return .success
            }
            guard let first = words.first, first != "--help", first != "-h", first != "help" else {
                let asked = words.first != nil
                (asked ? console.out : console.err)(helpText(prefix: prefix, root: name.isEmpty, children: children))
                return asked ? .success : .usageOrInputError
            }
            guard let child = children.first(where: { $0.word == first }) else {
                console.err(
                    "\(prefix): unknown command '\(UsageError(first).message)'\n\n"
                        + helpText(prefix: prefix, root: name.isEmpty, children: children))
                return .usageOrInputError
            }
            return child.dispatch(Array(words.dropFirst()), program: program, console: console)
        }
    }

    private func helpText(prefix: String, root: Bool, children: [CommandTree]) -> String {
        let width = children.map(\.word.count).max() ?? 0
        var text = "\(summary)\n\nUsage: \(prefix) <command> [options]\n\nCommands:\n"
        for child in children {
            text += "  " + child.word.padding(toLength: width + 2, withPad: " ", startingAt: 0) + child.summary + "\n"
        }
        text += "\nRun '\(prefix) <command> --help' for a command's options"
        text += root ? ", '\(prefix) --version' for the version, git commit and schema version." : "."
        return text
    }
}
