/// The `baton` command hierarchy: groups (`keys`, `jobs`) hold commands, and
/// every level answers `--help`.
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

    /// Finds the command the words name and runs it.
    /// - Returns: the exit code to leave with.
    func dispatch(_ words: [String], console: Console) -> ExitCode {
        switch self {
        case .command(let type):
            if words.contains("--help") || words.contains("-h") {
                console.out(type.spec.helpText())
                return .success
            }
            do {
                return try type.run(ParsedArguments(words, spec: type.spec), console: console)
            } catch let error as UsageError {
                console.err("baton \(type.spec.name): \(error.message)\nRun 'baton \(type.spec.name) --help' for usage.")
                return .usageOrInputError
            } catch {
                console.err("baton \(type.spec.name): error: \(error)")
                return .usageOrInputError
            }
        case .group(let name, _, let children):
            guard let first = words.first, first != "--help", first != "-h", first != "help" else {
                let asked = words.first != nil
                (asked ? console.out : console.err)(helpText(name: name, children: children))
                return asked ? .success : .usageOrInputError
            }
            guard let child = children.first(where: { $0.word == first }) else {
                console.err(
                    "baton\(name.isEmpty ? "" : " " + name): unknown command '\(UsageError(first).message)'\n\n"
                        + helpText(name: name, children: children))
                return .usageOrInputError
            }
            return child.dispatch(Array(words.dropFirst()), console: console)
        }
    }

    private func helpText(name: String, children: [CommandTree]) -> String {
        let prefix = name.isEmpty ? "baton" : "baton \(name)"
        let width = children.map(\.word.count).max() ?? 0
        var text = "\(summary)\n\nUsage: \(prefix) <command> [options]\n\nCommands:\n"
        for child in children {
            text += "  " + child.word.padding(toLength: width + 2, withPad: " ", startingAt: 0) + child.summary + "\n"
        }
        text += "\nRun '\(prefix) <command> --help' for a command's options."
        return text
    }
}
