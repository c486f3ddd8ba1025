/// What a command accepts, declared once: the parser, the `--help` text and
/// the error messages all come from it.
public struct CommandSpec: Sendable {
    /// One `--name` option.
    public struct Option: Sendable {
        /// The long name without dashes, such as `data-dir`.
        public var name: String
        /// The placeholder of its value (`DIR`), or nil for a flag that takes none.
        public var value: String?
        /// One line for `--help`.
        public var help: String
        /// Whether the option may be given more than once (`--scope a --scope b`).
        public var repeats = false

        /// An option taking a value named `value`.
        public static func value(_ name: String, _ value: String, _ help: String, repeats: Bool = false) -> Option {
            Option(name: name, value: value, help: help, repeats: repeats)
        }

        /// A flag that takes no value.
        public static func flag(_ name: String, _ help: String) -> Option {
            Option(name: name, value: nil, help: help)
        }
    }

    /// The words after the program's name that reach the command, such as
    /// `keys create`.
    public var name: String
    /// One line for the parent's command list.
    public var summary: String
    /// The positional part of the synopsis, such as `[FILE|-]`.
    public var positionals: String
    /// Fewest and most positional arguments.
    public var positionalCount: ClosedRange<Int>
    /// The options, `--help` excluded (every command has it).
    public var options: [Option]
    /// Paragraphs shown under the synopsis: what the command is for, its exit codes.
    public var discussion: String
    /// Example invocations, shown last.
    public var examples: [String]

    /// A spec; commands declare theirs as a `static let`.
    public init(
        name: String, summary: String, positionals: String = "", positionalCount: ClosedRange<Int> = 0...0, options: [Option] = [],
        discussion: String = "", examples: [String] = []
    ) {
        self.name = name
        self.summary = summary
        self.positionals = positionals
        self.positionalCount = positionalCount
        self.options = options
        self.discussion = discussion
        self.examples = examples
    }

    /// The full `--help` text, for the command as `program` (`baton`) runs it.
    public func helpText(program: String) -> String {
        var text = "\(summary)\n\nUsage: \(program) \(name)"
        if !options.isEmpty { text += " [options]" }
        if !positionals.isEmpty { text += " \(positionals)" }
        text += "\n"
        if !discussion.isEmpty { text += "\n\(discussion)\n" }
        let rows =
            options.map { option in
                ("--\(option.name)" + (option.value.map { " \($0)" } ?? ""), option.help + (option.repeats ? " (repeatable)" : ""))
            } + [("--help", "Show this help.")]
        let width = rows.map(\.0.count).max() ?? 0
        text += "\nOptions:\n"
        for (left, right) in rows {
            text += "  " + left.padding(toLength: width + 2, withPad: " ", startingAt: 0) + right + "\n"
        }
        if !examples.isEmpty {
            text += "\nExamples:\n" + examples.map { "  \($0)\n" }.joined()
        }
        return text
    }
}
