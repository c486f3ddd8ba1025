import Foundation

/// Reads settings from an environment and collects every problem instead of
/// stopping at the first, so ``BatonConfiguration`` reports them all at once.
/// Secret settings given as `NAME_FILE` are read first (``SecretFiles``).
struct SettingReader {
    let environment: [String: String]
    private(set) var problems: [ConfigurationError.Problem] = []

    init(environment: [String: String]) {
        (self.environment, problems) = SecretFiles.resolve(environment)
    }

    /// The raw value, or the default; records a problem when a required one is missing.
    mutating func text(_ setting: Setting) -> String? {
        if let value = environment[setting.name], !value.isEmpty { return value }
        if let fallback = setting.defaultValue { return fallback }
        problems.append(.init(setting: setting.name, message: "is required: \(setting.summary)"))
        return nil
    }

    /// The value converted by `parse`; records a problem when it returns nil.
    mutating func parsed<T>(_ setting: Setting, expected: String, _ parse: (String) -> T?) -> T? {
        guard let raw = text(setting) else { return nil }
        if let value = parse(raw) { return value }
        let shown = setting.isSecret ? "" : ", got '\(raw)'"
        problems.append(.init(setting: setting.name, message: "must be \(expected)\(shown)"))
        return nil
    }

    /// A whole number within `range`.
    mutating func integer(_ setting: Setting, in range: ClosedRange<Int>) -> Int? {
        parsed(setting, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)") { raw in
            Int(raw).flatMap { range.contains($0) ? $0 : nil }
        }
    }

    /// A decimal number within `range`.
    mutating func decimal(_ setting: Setting, in range: ClosedRange<Double>) -> Double? {
        parsed(setting, expected: "a number from \(range.lowerBound) to \(range.upperBound)") { raw in
            Double(raw).flatMap { range.contains($0) ? $0 : nil }
        }
    }

    /// Records a problem found by a check across settings.
    mutating func report(_ setting: Setting, _ message: String) {
        problems.append(.init(setting: setting.name, message: message))
    }

    /// Secret bytes given as hex or base64, at least `minimumBytes` long.
    mutating func secret(_ setting: Setting, minimumBytes: Int) -> [UInt8]? {
        parsed(setting, expected: "at least \(minimumBytes) bytes as hex or base64 (try: openssl rand -hex 32)") { raw in
            let bytes = Sodium.bytes(fromHex: raw) ?? Data(base64Encoded: raw).map(Array.init)
            return bytes.flatMap { $0.count >= minimumBytes ? $0 : nil }
        }
    }
}

extension SettingReader {
    /// `.some(nil)` for an unset optional setting (default ""), `.some(value)`
    /// for a valid one, nil (with a problem recorded) for a malformed one.
    mutating func optional<T>(_ setting: Setting, expected: String, _ parse: (String) -> T?) -> T?? {
        parsed(setting, expected: expected) { raw -> T?? in raw.isEmpty ? .some(nil) : parse(raw).map { .some($0) } }
    }
}
