import BatonJSON
import SafeText

/// The outcome of checking one invocation URL, rendered for `baton check-url`:
/// a line for people and a JSON line for machines, both with every untrusted
/// character escaped. The credential itself is never shown, only its kind.
public struct InvocationVerdict: Sendable {
    /// Longest part of the URL echoed back, in Unicode scalars; the rest is elided.
    public static let echoLimit = 200

    /// The URL as given.
    public let url: String
    /// The invocation, or the first check it failed.
    public let result: Result<Invocation, InvocationError>

    /// Checks `url` against `limits`.
    public init(checking url: String, limits: InvocationLimits) {
        self.url = url
        do {
            result = .success(try Invocation(url: url, limits: limits))
        } catch {
            result = .failure(error)
        }
    }

    /// Whether the URL is a valid invocation.
    public var isValid: Bool {
        if case .success = result { true } else { false }
    }

    /// `valid  <url>  (invite link, token)` or `invalid  <url>  <code>: <message>`.
    public var humanLine: String {
        let shown = SafeText.escaped(echoedURL)
        switch result {
        case .success(let invocation):
            return "valid    \(shown)  (\(Self.formName(invocation.form)), \(invocation.credential.kind))"
        case .failure(let error):
            return "invalid  \(shown)  \(error.code): \(error.message)"
        }
    }

    /// One JSON object with sorted keys: `url`, `valid`, then either `form`,
    /// `bundle_id` and `credential_kind`, or `error` with `code`, `message`,
    /// `value`, `part`; hidden characters escaped.
    public var jsonLine: String {
        var fields: [String: JSONValue] = ["url": .string(echoedURL), "valid": .bool(isValid)]
        switch result {
        case .success(let invocation):
            fields["form"] = .string(Self.formName(invocation.form).split(separator: " ").joined(separator: "_"))
            if case .defaultAppClipLink(let bundleID) = invocation.form { fields["bundle_id"] = .string(bundleID) }
            fields["credential_kind"] = .string(invocation.credential.kind)
        case .failure(let error):
            var details: [String: JSONValue] = ["code": .string(error.code), "message": .string(error.message)]
            details["value"] = error.value.map(JSONValue.string)
            details["part"] = error.part.map { .string($0.rawValue) }
            fields["error"] = .object(details)
        }
        return SafeText.hardenedJSON(JSONValue.object(fields).jsonText())
    }

    private var echoedURL: String {
        guard url.unicodeScalars.count > Self.echoLimit else { return url }
        return String(String.UnicodeScalarView(url.unicodeScalars.prefix(Self.echoLimit))) + "…"
    }

    private static func formName(_ form: Invocation.Form) -> String {
        switch form {
        case .inviteLink: "invite link"
        case .defaultAppClipLink: "default app clip link"
        }
    }
}
