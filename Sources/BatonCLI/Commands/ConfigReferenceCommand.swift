import BatonCore

/// `baton config reference`: the configuration reference of
/// docs/operations.md, printed from ``Setting/all`` so the two never differ.
enum ConfigReferenceCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "config reference",
        summary: "Print every BATON_* setting as the Markdown table of docs/operations.md.",
        discussion: """
            The table is generated from the list `baton config check` validates; a test keeps the
            copy in docs/operations.md equal to this output (scripts/config-reference rewrites it).
            """,
        examples: ["baton config reference"]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        console.out(markdown(Setting.all))
        return .success
    }

    /// The Markdown table of `settings`: name, default (or "required"),
    /// whether it is secret, and its summary. Cells are single lines with `|`
    /// escaped, so any summary keeps the table intact.
    static func markdown(_ settings: [Setting]) -> String {
        let header = "| Variable | Default | Secret | Meaning |\n|---|---|---|---|"
        let rows = settings.map { setting in
            let value =
                switch setting.defaultValue {
                case nil: "**required**"
                case ""?: "(empty)"
                case let value?: "`\(value)`"
                }
            let cells = ["`\(setting.name)`", value, setting.isSecret ? "yes" : "", setting.summary]
            return "| " + cells.map(cell).joined(separator: " | ") + " |"
        }
        return ([header] + rows).joined(separator: "\n")
    }

    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
