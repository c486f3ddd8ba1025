import BatonHandoff
import BatonLinks

/// Why a step of the clip-and-app flow stopped, with the stable code a real
/// app would log and a sentence it could show.
///
/// Nothing the server or the URL said is echoed raw: library errors carry
/// their own escaped messages, and server refusals keep only a code that
/// passed ``APIRefusal``'s shape check and the numbers of its details.
enum FlowError: Error, Equatable, Sendable {
    /// The clip was opened with no invocation URL (relaunched from the App
    /// Switcher, or from the home screen): there is nothing to look up.
    case noInvocation
    /// `BatonLinks` refused the invocation URL before any network call.
    case invalidInvocation(InvocationError)
    /// A typed code failed `BatonLinks`' check before any network call.
    case invalidCode(CredentialError)
    /// Pasted text held no single invite link or code.
    case invalidPaste(PasteError)
    /// The handoff codec or store refused the envelope.
    case handoff(HandoffError)
    /// Baton answered with an API error.
    case refused(APIRefusal)
    /// Baton could not be reached, or did not answer in time.
    case unreachable
    /// Baton answered something this client cannot read.
    case unexpectedResponse(status: Int)
    /// The App Group identifier does not start with `group.`.
    case appGroupInvalid
    /// The app's App Group differs from the clip's only in case: iOS gives
    /// each spelling its own container, so the app never sees the handoff.
    case appGroupCaseMismatch(clip: String, app: String)
    /// The redeemer JWT secret is missing, or is not 32+ bytes of hex or base64.
    case redeemerSecretInvalid

    /// The stable machine code.
    var code: String {
        switch self {
        case .noInvocation: "no_invocation"
        case .invalidInvocation(let error): error.code
        case .invalidCode(let error): error.code
        case .invalidPaste(let error): error.code
        case .handoff(let error): error.code
        case .refused(let refusal): refusal.code
        case .unreachable: "server_unreachable"
        case .unexpectedResponse: "unexpected_response"
        case .appGroupInvalid: "app_group_invalid"
        case .appGroupCaseMismatch: "app_group_case_mismatch"
        case .redeemerSecretInvalid: "redeemer_secret_invalid"
        }
    }

    /// A sentence for people.
    var message: String {
        switch self {
        case .noInvocation:
            "The clip was opened without an invite link (from the App Switcher or the home screen). "
                + "Open the invite link again, or type the invite code."
        case .invalidInvocation(let error): "This is not an invite link: \(error.message)"
        case .invalidCode(let error): "This is not an invite code: \(error.message)"
        case .invalidPaste(let error): "No invite was found in what you pasted: \(error.message)"
        case .handoff(let error): error.message
        case .refused(let refusal): refusal.message
        case .unreachable: "Baton could not be reached; check the connection and try again."
        case .unexpectedResponse(let status): "Baton answered HTTP \(status) with a body this client cannot read."
        case .appGroupInvalid: "An App Group identifier starts with group."
        case .appGroupCaseMismatch(let clip, let app):
            "The clip wrote the handoff to App Group \(clip), but the app reads \(app): App Group identifiers are "
                + "case-sensitive, so these are two containers. Use one spelling in both targets' entitlements; "
                + "`baton doctor --app App.entitlements --clip Clip.entitlements` reports this as app_group_case_mismatch."
        case .redeemerSecretInvalid:
            "The redeemer JWT secret (--jwt-secret or BATON_REDEEMER_JWT_SECRET) must be 32+ bytes as hex or base64."
        }
    }
}

extension FlowError: CustomStringConvertible {
    /// The code and the message.
    var description: String { "\(code): \(message)" }
}
