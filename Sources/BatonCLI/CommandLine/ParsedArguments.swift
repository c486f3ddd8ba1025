/// A command line checked against its ``CommandSpec``, with typed accessors
/// that turn a bad value into a ``UsageError`` naming the option.
public struct ParsedArguments: Sendable {
    /// The positional arguments, in order.
    public let positionals: [String]
    private let values: [String: [String]]
    private let flags: Set<String>

    /// Parses `arguments` (the words after the command's name) against `spec`.
    /// `--name=value` and `--name value` are both accepted; `--` ends options.
    /// - Throws: `UsageError` for an unknown option, a missing value, a repeated
    ///   single option, or a wrong number of positional arguments.
    public init(_ arguments: [String], spec: CommandSpec) throws(UsageError) {
        var positionals: [String] = []
        var values: [String: [String]] = [:]
        var flags: Set<String> = []
        var rest = arguments[...]
        while let word = rest.popFirst() {
            guard word.hasPrefix("--"), word.count > 2 else {
                if word == "--" {
                    positionals += rest
                    break
                }
                positionals.append(word)
                continue
            }
            let body = word.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let inline = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
            guard let option = spec.options.first(where: { $0.name == name }) else {
                throw UsageError("unknown option --\(name)")
            }
            if option.value == nil {
                guard inline == nil else { throw UsageError("--\(name) takes no value") }
                flags.insert(name)
                continue
            }
            guard let value = inline ?? rest.popFirst() else {
                throw UsageError("--\(name) needs a value: --\(name) \(option.value ?? "")")
            }
            if values[name] != nil, !option.repeats { throw UsageError("--\(name) was given more than once") }
            values[name, default: []].append(value)
        }
        guard spec.positionalCount.contains(positionals.count) else {
            let wanted = spec.positionals.isEmpty ? "no arguments" : spec.positionals
            throw UsageError("takes \(wanted), got \(positionals.count) argument(s)")
        }
        self.positionals = positionals
        self.values = values
        self.flags = flags
    }

    /// Whether the flag `--name` was given.
    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The value of `--name`, or nil when absent.
    public func string(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeatable `--name`, in order.
    public func strings(_ name: String) -> [String] { values[name] ?? [] }

    /// The value of `--name` as a whole number within `range`, or nil when absent.
    /// - Throws: `UsageError` when it is not a number or out of range.
    public func int(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = string(name) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError("--\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'")
        }
        return value
    }

    /// The value of `--name` converted by `parse`, which returns nil for a bad value.
    /// - Throws: `UsageError` saying what `expected` describes.
    public func value<T>(_ name: String, expected: String, _ parse: (String) -> T?) throws(UsageError) -> T? {
        guard let text = string(name) else { return nil }
        guard let value = parse(text) else { throw UsageError("--\(name) must be \(expected), got '\(text)'") }
        return value
    }
}
