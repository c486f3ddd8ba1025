import BatonJSON
import BatonLinks
import HTTP

/// 422 `invalid_invocation`: the App Clip's URL failed validation.
/// `details.reason` is the validator's stable code, `details.value` the
/// offending part as written (JSON output escapes hidden characters), and
/// `details.part` where it was, when the check names one.
struct InvalidInvocation: HTTPErrorConvertible {
    let error: InvocationError

    var status: Int { 422 }
    var code: String { "invalid_invocation" }
    var message: String { "The invocation URL is not a valid invite link: \(error.message)." }
    var details: [String: JSONValue] {
        var details: [String: JSONValue] = ["reason": .string(error.code)]
        if let value = error.value { details["value"] = .string(value) }
        if let part = error.part { details["part"] = .string(part.rawValue) }
        return details
    }
}
