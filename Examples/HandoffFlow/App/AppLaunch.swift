import BatonClient
import BatonHandoff
import Foundation

/// What the full app does on launch: take the clip's handoff out of the App
/// Group (so the next launch finds nothing) and redeem it as the signed-in
/// person.
///
/// Call ``redeemPendingInvite(redeemerToken:)`` once the app knows who the
/// person is (after sign-in), with the redeemer JWT its backend minted.
struct AppLaunch: Sendable {
    /// The Baton API.
    let client: BatonClient
    /// The app's App Group container, spelled as in the app's entitlements.
    let container: AppGroupContainer

    /// Takes the handoff and redeems it.
    ///
    /// An envelope written by a newer clip is forwarded unread (the server
    /// knows every version); if the server does not know it either, its
    /// `handoff_unsupported_version` is thrown. When Baton cannot be reached
    /// the handoff is put back, so the next launch retries (a replay by the
    /// same redeemer returns the same receipt).
    /// - Throws: the store's `HandoffError` (an expired or broken handoff is
    ///   removed all the same), `app_group_case_mismatch` when a clip wrote to
    ///   a differently spelled group, or the failed call's `BatonError` (`server_unreachable` among them).
    func redeemPendingInvite(redeemerToken: String) async throws(FlowError) -> AppLaunchOutcome {
        let store = try container.handoffStore()
        let taken: StoredHandoff?
        do throws(HandoffError) {
            taken = try store.take()
        } catch {
            throw .handoff(error)
        }
        guard let taken else {
            if let clipGroup = container.caseVariantsHoldingHandoff().first {
                throw .appGroupCaseMismatch(clip: clipGroup, app: container.identifier)
            }
            return .nothingWaiting
        }
        do throws(BatonError) {
            return .redeemed(try await redeem(taken, as: .token(redeemerToken)), taken)
        } catch {
            if case .transport = error { _ = try? store.write(taken.raw) }
            throw .baton(error)
        }
    }

    /// A server-minted handoff is redeemed as `handoff` (the server checks its
    /// MAC); a code the clip kept offline as `code`, since the server never
    /// trusts an unsigned envelope.
    func redeem(_ handoff: StoredHandoff, as redeemer: Redeemer) async throws(BatonError) -> RedemptionReceipt {
        if case .current(let envelope) = handoff, envelope.header.kind == .typedCode {
            return try await client.redeem(code: envelope.payload.credential.value, redeemer: redeemer)
        }
        return try await client.redeem(handoff: handoff.raw, redeemer: redeemer)
    }
}

/// What a launch of the full app found.
enum AppLaunchOutcome: Sendable {
    /// No handoff in the App Group: the clip never ran, or an earlier launch took it.
    case nothingWaiting
    /// The invite was redeemed (or the same redeemer's earlier receipt replayed).
    case redeemed(RedemptionReceipt, StoredHandoff)
}
