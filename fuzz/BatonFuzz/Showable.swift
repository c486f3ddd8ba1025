import SafeText

/// The property every error and report shares: text meant for people, logs
/// or terminals holds no hidden character (it went through `SafeText`).
enum Showable {
    /// Traps when `text` holds a hidden character; `what` names it in the report.
    static func require(_ text: some StringProtocol, _ what: @autoclosure () -> String) {
        precondition(!HiddenCharacters.contains(in: text), "\(what()) holds a hidden character: \(SafeText.escaped(String(text)))")
    }

    /// Traps unless `code` is a stable machine code: non-empty snake_case ASCII.
    static func requireMachineCode(_ code: String) {
        let snakeCase = code.utf8.allSatisfy { $0 == UInt8(ascii: "_") || (97...122).contains($0) || (48...57).contains($0) }
        precondition(!code.isEmpty && snakeCase, "error code \(SafeText.escaped(code)) is not snake_case")
    }
}
