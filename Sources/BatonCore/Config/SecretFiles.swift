import Foundation

/// `NAME_FILE` for every secret setting: the value read from a file, as
/// Docker and Kubernetes mount secrets, instead of from the environment.
///
/// ``resolve(_:)`` runs before any setting is read (``SettingReader`` calls
/// it), so a secret from a file is validated exactly like one from `NAME`.
/// One trailing line break is dropped (files written by `echo`); anything else
/// in the file is the value.
public enum SecretFiles {
    /// The largest secret file read; a larger one is a problem, not a value.
    public static let maximumBytes = 64 * 1024

    /// The environment with each secret setting's `NAME_FILE` read into
    /// `NAME` and removed, so resolving twice changes nothing; and a problem
    /// (reported under `NAME`, never with the file's contents) for a file that
    /// can't be read, is too large or is not UTF-8, or when both `NAME` and
    /// `NAME_FILE` are set.
    public static func resolve(
        _ environment: [String: String], settings: [Setting] = Setting.all
    ) -> (environment: [String: String], problems: [ConfigurationError.Problem]) {
        var resolved = environment
        var problems: [ConfigurationError.Problem] = []
        for setting in settings {
            guard let variable = setting.fileVariable, let path = environment[variable], !path.isEmpty else { continue }
            resolved[variable] = nil
            if let direct = environment[setting.name], !direct.isEmpty {
                problems.append(.init(setting: setting.name, message: "set either \(setting.name) or \(variable), not both"))
                continue
            }
            switch read(path) {
            case .success(let value): resolved[setting.name] = value
            case .failure(let reason): problems.append(.init(setting: setting.name, message: "\(variable) '\(path)' \(reason)"))
            }
        }
        return (resolved, problems)
    }

    private static func read(_ path: String) -> Result<String, Reason> {
        guard let handle = FileHandle(forReadingAtPath: path) else { return .failure(.unreadable) }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maximumBytes + 1) ?? Data() else { return .failure(.unreadable) }
        guard data.count <= maximumBytes else { return .failure(.tooLarge) }
        guard var text = String(data: data, encoding: .utf8) else { return .failure(.notText) }
        if text.last?.isNewline == true { text.removeLast() }
        return .success(text)
    }

    private enum Reason: Error, CustomStringConvertible {
        case unreadable, tooLarge, notText

        var description: String {
            switch self {
            case .unreadable: "can't be read (missing, a directory, or no permission)"
            case .tooLarge: "is larger than \(SecretFiles.maximumBytes) bytes"
            case .notText: "is not UTF-8 text"
            }
        }
    }
}

extension Setting {
    /// `NAME_FILE` for a secret setting (its value is read from that file),
    /// nil for the others.
    public var fileVariable: String? { isSecret ? name + "_FILE" : nil }
}
