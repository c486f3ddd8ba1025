import Testing

@testable import BatonCLI

@Suite("ParsedArguments", .timeLimit(.minutes(10)))
struct ParsedArgumentsTests {
    static let spec = CommandSpec(
        name: "demo run",
        summary: "A demo.",
        positionals: "FILE",
        positionalCount: 0...1,
        options: [
            .value("limit", "N", "How many."),
            .value("scope", "S", "A scope.", repeats: true),
            .flag("json", "JSON."),
        ]
    )

    @Test("values, repeated values, flags and positionals are read in both --name value and --name=value forms")
    func readsEveryForm() throws {
        let parsed = try ParsedArguments(["--limit=5", "--scope", "a", "--scope=b", "--json", "file.txt"], spec: Self.spec)
        #expect(try parsed.int("limit", in: 1...10) == 5)
        #expect(parsed.strings("scope") == ["a", "b"])
        #expect(parsed.flag("json"))
        #expect(parsed.positionals == ["file.txt"])
    }

    @Test("after -- every word is positional, even one that looks like an option")
    func doubleDashEndsOptions() throws {
        #expect(try ParsedArguments(["--", "--json"], spec: Self.spec).positionals == ["--json"])
    }

    @Test(
        "bad command lines are usage errors naming the problem",
        arguments: [
            (["--nope"], "unknown option --nope"),
            (["--limit"], "--limit needs a value"),
            (["--limit", "1", "--limit", "2"], "--limit was given more than once"),
            (["--json=yes"], "--json takes no value"),
            (["a", "b"], "takes FILE, got 2 argument(s)"),
        ])
    func usageErrors(words: [String], expected: String) {
        #expect {
            _ = try ParsedArguments(words, spec: Self.spec)
        } throws: { error in
            (error as? UsageError)?.message.contains(expected) == true
        }
    }

    @Test("a number out of range names the option and the range, and hidden characters are escaped")
    func numberOutOfRange() throws {
        let parsed = try ParsedArguments(["--limit", "99\u{1B}[2J"], spec: Self.spec)
        #expect {
            _ = try parsed.int("limit", in: 1...10)
        } throws: { error in
            guard let message = (error as? UsageError)?.message else { return false }
            return message.contains("--limit must be a whole number from 1 to 10") && !message.contains("\u{1B}")
        }
    }
}
