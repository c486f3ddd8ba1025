import BatonClient
import BatonHandoff
import BatonLinks

/// Why a step of the clip-and-app flow stopped, with the stable code a real
/// app would log and a sentence it could show.
///
/// Nothing the server or the URL said is echoed raw: library errors carry
/// their own escaped messages, and a server refusal is `BatonClient`'s typed
/// ``BatonError``, whose sentence is this app's own.
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
    /// A Baton call failed: the server's refusal, or Baton could not be reached.
    case baton(BatonError)
    /// The App Group identifier is not `group.…` (or `TEAMID.…` on macOS).
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
        case .baton(let error): error.code
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
        case .baton(let error): Self.sentence(for: error)
        case .appGroupInvalid: "An App Group identifier is group.<name> (or <TEAMID>.<name> on macOS)."
        case .appGroupCaseMismatch(let clip, let app):
            "The clip wrote the handoff to App Group \(clip), but the app reads \(app): App Group identifiers are "
                + "case-sensitive, so these are two containers. Use one spelling in both targets' entitlements; "
                + "`baton doctor --app App.entitlements --clip Clip.entitlements` reports this as app_group_case_mismatch."
        case .redeemerSecretInvalid:
            "The redeemer JWT secret (--jwt-secret or BATON_REDEEMER_JWT_SECRET) must be 32+ bytes as hex or base64."
        }
    }

    /// What a person is told for a failed call, by case; other codes are named as they are.
    private static func sentence(for error: BatonError) -> String {
        switch error {
        case .inviteExpired: "This invite has expired. Ask the family for a new one."
        case .inviteRevoked: "This invite was withdrawn by the family."
        case .inviteUsedUp, .handoffAlreadyUsed: "This invite has already been used."
        case .inviteNotFound: "There is no such invite. Check the link or the code."
        case .rateLimited(let seconds): "Too many attempts. Wait \(seconds) seconds and try again."
        case .handoffUnsupportedVersion(let found, let supported):
            "The handoff was written by a newer App Clip (schema version \(found.map(String.init) ?? "unknown")); "
                + "this server reads \(list(supported)). Update the server before shipping that clip."
        case .transport: "Baton could not be reached; check the connection and try again."
        case .unexpectedResponse(let status): "Baton answered HTTP \(status) with a body this client cannot read."
        default: "Baton refused the request (\(error))."
        }
    }

    private static func list(_ numbers: [Int]) -> String {
        numbers.isEmpty ? "unknown" : numbers.map(String.init).joined(separator: ", ")
    }
}

extension FlowError: CustomStringConvertible {
    /// The code and the message.
    var description: String { "\(code): \(message)" }
}
