import Testing

@testable import BatonCLI
@testable import BatonCore

@Suite("baton config reference", .timeLimit(.minutes(10)))
struct ConfigReferenceCommandTests {
    @Test("prints one table row per setting, required ones marked and secrets flagged")
    func onePerSetting() {
        let captured = CapturedConsole()
        #expect(BatonCommandLine.run(["config", "reference"], console: captured.console) == .success)
        let rows = captured.out.split(separator: "\n").dropFirst(2)
        #expect(rows.count == Setting.all.count)
        #expect(captured.out.contains("| `BATON_DATABASE_URL` | **required** | yes |"))
        #expect(captured.out.contains("| `BATON_LISTEN` | `127.0.0.1:8080` |  |"))
    }

    @Test("a summary with | or a newline stays inside its cell")
    func escapesCells() {
        let setting = Setting(name: "BATON_X", summary: "a | b\nc", defaultValue: "", isSecret: false)
        #expect(ConfigReferenceCommand.markdown([setting]).hasSuffix("| `BATON_X` | (empty) |  | a \\| b c |"))
    }
}
