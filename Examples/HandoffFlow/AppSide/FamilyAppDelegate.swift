#if canImport(UIKit) && os(iOS)
import UIKit

/// The full app's delegate: on every launch while someone is signed in, it
/// takes the clip's handoff (once) and redeems it. Not signed in yet: it does
/// nothing, and the handoff waits in the App Group for the launch after sign-in.
final class FamilyAppDelegate: NSObject, UIApplicationDelegate {
    /// Asks the app's backend for a redeemer JWT of the signed-in person; nil when nobody is.
    var redeemerToken: @Sendable () async -> String? = { nil }
    /// The full app's Baton calls and App Group, as configured in ``AppLaunch/shipped()``.
    let launch: AppLaunch? = try? AppLaunch.shipped()

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        let fetchToken = redeemerToken
        let launch = launch
        Task {
            guard let launch, let token = await fetchToken() else { return }
            do throws(FlowError) {
                if case .redeemed(let receipt, _) = try await launch.redeemPendingInvite(redeemerToken: token) {
                    print("joined family \(receipt.familyId)")
                }
            } catch {
                // Show error.message to the person; log error.code.
                print("invite handoff failed: \(error.code)")
            }
        }
        return true
    }
}
#endif
