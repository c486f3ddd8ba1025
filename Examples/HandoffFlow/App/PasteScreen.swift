import BatonClient
import BatonLinks

/// What the full app's paste screen shows: its sentence, and the credential
/// the Join button redeems (nil hides the button). Decided here, without
/// UIKit, so it is compiled and tested on every platform; the UIKit
/// `PasteInviteController` only draws it.
struct PasteScreen: Equatable, Sendable {
    /// The sentence under the paste control.
    let status: String
    /// What Join redeems; nil while there is nothing to join.
    let joinable: Credential?

    /// Before anything is pasted.
    static let asking = PasteScreen(status: "Got an invite? Copy the link or the code, then paste it here.", joinable: nil)
}

extension AppLaunch {
    /// The screen after the person pasted `text`: which family the invite
    /// joins (and who invited them, when the invite names someone) with Join,
    /// or why no invite was found or previewed, without Join.
    func pasteScreen(afterPasting text: String, limits: InvocationLimits) async -> PasteScreen {
        do throws(FlowError) {
            let (credential, preview) = try await previewPasted(text, limits: limits)
            let inviter = preview.inviterName.map { ", invited by \($0)?" } ?? "?"
            return PasteScreen(status: "Join \(preview.familyName)\(inviter)", joinable: credential)
        } catch {
            return PasteScreen(status: error.message, joinable: nil)
        }
    }

    /// The screen after Join redeemed `credential` as the signed-in person:
    /// the family joined, without Join; or why not, with Join kept so the
    /// person can try again (a retry by the same person is safe: it replays the receipt).
    func pasteScreen(joining credential: Credential, redeemerToken: String) async -> PasteScreen {
        do throws(FlowError) {
            let receipt = try await redeem(credential, redeemerToken: redeemerToken)
            return PasteScreen(status: "You joined the family \(receipt.familyId).", joinable: nil)
        } catch {
            return PasteScreen(status: error.message, joinable: credential)
        }
    }
}
