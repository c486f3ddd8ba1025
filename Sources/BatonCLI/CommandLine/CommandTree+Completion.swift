/// Shell completion scripts made from the tree, so they offer exactly the
/// commands and options the parser accepts.
extension CommandTree {
    /// The shells ``completionScript(_:program:)`` writes for.
    enum Shell: String, CaseIterable {
        case bash, zsh
    }

    /// The script that completes `program`'s commands in `shell`: subcommand
    /// words after a group, a command's options after a `-`, and file names
    /// anywhere else (positional arguments and option values).
    func completionScript(_ shell: Shell, program: String) -> String {
        let function = "_" + String(program.map { $0.isLetter || $0.isNumber ? $0 : "_" })
        let nodes = paths()
        let groups = nodes.filter(\.node.isGroup).map { quoted($0.path.joined(separator: " ")) }.joined(separator: " | ")
        switch shell {
        case .bash:
            let cases = nodes.map { path, node in
                let words = node.completions(root: path.isEmpty).map(\.word).joined(separator: " ")
                let assignment = node.isGroup ? "words=\"\(words)\"" : "[[ $cur == -* ]] && words=\"\(words)\""
                return "    \(quoted(path.joined(separator: " ")))) \(assignment) ;;"
            }
            return """
                # bash completion for \(program), written by `\(program) completion bash`.
                # Load it with: source <(\(program) completion bash)
                \(function)() {
                    local cur=${COMP_WORDS[COMP_CWORD]} path="" words="" i
                    for ((i = 1; i < COMP_CWORD; i++)); do
                        case "$path" in
                        \(groups)) path="${path:+$path }${COMP_WORDS[i]}" ;;
                        *) break ;;
                        esac
                    done
                    case "$path" in
                \(cases.joined(separator: "\n"))
                    esac
                    COMPREPLY=($(compgen -W "$words" -- "$cur"))
                }
                complete -o default -F \(function) \(program)
                """
        case .zsh:
            let cases = nodes.map { path, node in
                let choices = node.completions(root: path.isEmpty).map { quoted("\($0.word):\($0.help)") }.joined(separator: " ")
                let assignment = node.isGroup ? "choices=(\(choices))" : "[[ $PREFIX == -* ]] && choices=(\(choices))"
                return "    (\(quoted(path.joined(separator: " ")))) \(assignment) ;;"
            }
            return """
                #compdef \(program)
                # zsh completion for \(program), written by `\(program) completion zsh`.
                # Load it with: source <(\(program) completion zsh) after compinit,
                # or save it as \(function) in a directory of $fpath.
                \(function)() {
                    local cmdpath="" i
                    local -a choices
                    for ((i = 2; i < CURRENT; i++)); do
                        case "$cmdpath" in
                        (\(groups)) cmdpath="${cmdpath:+$cmdpath }${words[i]}" ;;
                        (*) break ;;
                        esac
                    done
                    case "$cmdpath" in
                \(cases.joined(separator: "\n"))
                    esac
                    if (( ${#choices} )); then _describe -t commands '\(program) command or option' choices; else _files; fi
                }
                if [[ "$funcstack[1]" == \(function) ]]; then \(function) "$@"; else compdef \(function) \(program); fi
                """
        }
    }

    /// This node and every node below it, each with the words that select it.
    private func paths(_ path: [String] = []) -> [(path: [String], node: CommandTree)] {
        switch self {
        case .command: [(path, self)]
        case .group(_, _, let children): [(path, self)] + children.flatMap { $0.paths(path + [$0.word]) }
        }
    }

    private var isGroup: Bool {
        if case .group = self { true } else { false }
    }

    /// What may follow this node: a group's subcommands (and `--version` at
    /// the root), a command's options; `--help` everywhere.
    private func completions(root: Bool) -> [(word: String, help: String)] {
        let help = ("--help", "Show this help.")
        switch self {
        case .command(let type):
            return type.spec.options.map { ("--\($0.name)", $0.help) } + [help]
        case .group(_, _, let children):
            let version = root ? [("--version", "Show the version, git commit and schema version.")] : []
            return children.map { ($0.word, $0.summary) } + [help] + version
        }
    }

    /// `text` in single quotes for either shell (`'` itself as `'\''`).
    private func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
