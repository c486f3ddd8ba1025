import BatonCore
import Foundation

/// `baton config check`: validates every `BATON_*` setting and prints the
/// effective configuration, secrets masked.
enum ConfigCheckCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "config check",
        summary: "Validate the BATON_* environment and show the effective settings.",
        options: [.flag("json", "Print the result as JSON.")],
        discussion: """
            Reads every BATON_* variable, reports every problem at once, and prints each
            setting with its effective value (secrets shown as 'set'). A removed setting that is
            still set is listed as ignored, with the reason; it never fails the check. Exit 0 when
            valid, 1 when a setting is missing or malformed.
            """,
        examples: ["set -a; . .baton/baton.env; set +a; baton config check"]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let given = ProcessInfo.processInfo.environment
        // Secrets given as NAME_FILE show as set, like those given as NAME;
        // validation reads what was given, so a bad file is reported as such.
        let environment = SecretFiles.resolve(given).environment
        let problems: [ConfigurationError.Problem]
        do {
            _ = try BatonConfiguration(environment: given)
            problems = []
        } catch {
            problems = error.problems
        }
        let current = Setting.all.map { setting -> [String] in
            let raw = environment[setting.name].flatMap { $0.isEmpty ? nil : $0 }
            let shown = setting.isSecret ? (raw == nil ? "(unset)" : "set") : (raw ?? "\(setting.defaultValue ?? "(unset)") (default)")
            let problem = problems.first { $0.setting == setting.name }?.message ?? "ok"
            return [setting.name, shown, problem]
        }
        let ignored = RemovedSetting.all.compactMap { removed in
            given[removed.name].map { [removed.name, $0, "ignored: removed setting (\(removed.reason))"] }
        }
        let rows = current + ignored
        if arguments.flag("json") {
            console.json([
                "valid": problems.isEmpty,
                "settings": rows.map { ["name": $0[0], "value": $0[1], "status": $0[2]] },
            ])
        } else {
            console.table(["SETTING", "VALUE", "STATUS"], rows)
            console.out(problems.isEmpty ? "\nconfiguration is valid" : "\n\(problems.count) problem(s)")
        }
        return problems.isEmpty ? .success : .checkFailed
    }
}
