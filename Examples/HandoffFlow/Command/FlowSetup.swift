import BatonClient
import BatonLinks
import Foundation

/// Builds the clip, the app and the backend's pieces from the command line,
/// and prints what each step did.
struct FlowSetup: Sendable {
    let arguments: FlowArguments

    /// The clip, writing to `appGroup` (default: this side's `--app-group`).
    func clip(appGroup: String? = nil) throws -> ClipLaunch {
        let limits = InvocationLimits(
            allowedHosts: [arguments.publicHost], clipBundleIDs: [arguments.clipBundleID], codeLength: try arguments.codeLength()
        )
        let container = try AppGroupContainer(identifier: appGroup ?? self.appGroup, root: arguments.groupContainers)
        return ClipLaunch(limits: limits, client: try client(), store: try container.handoffStore())
    }

    /// The full app, reading `--app-group`.
    func app() throws -> AppLaunch {
        AppLaunch(client: try client(), container: try AppGroupContainer(identifier: appGroup, root: arguments.groupContainers))
    }

    /// The backend's JWT for `--redeemer`.
    func redeemerToken() throws -> String {
        guard let secret = arguments.jwtSecret else { throw FlowError.redeemerSecretInvalid }
        return try RedeemerJWT(secretText: secret).mint(subject: arguments.value("redeemer") ?? "demo-user")
    }

    /// This side's App Group.
    var appGroup: String {
        arguments.value("app-group") ?? "group." + (ProcessInfo.processInfo.environment["BATON_APP_BUNDLE_ID"] ?? "com.example.family")
    }

    private func client() throws -> BatonClient {
        BatonClient(baseURL: try arguments.server())
    }

    /// `clip`: `--url`, else `--code`, else a launch without invocation.
    func runClip(appGroup: String? = nil, url: String? = nil, code: String? = nil) async throws {
        let clip = try clip(appGroup: appGroup)
        let preview: ClipPreview
        if let code = code ?? arguments.value("code") {
            preview = try await clip.open(typedCode: code)
        } else {
            preview = try await clip.open(invocationURL: url ?? arguments.value("url"))
        }
        print("clip: \(preview.headline)")
        print("clip: handoff stored in App Group \(appGroup ?? self.appGroup)")
    }

    /// `app`: one launch of the full app.
    func runApp() async throws {
        switch try await app().redeemPendingInvite(redeemerToken: try redeemerToken()) {
        case .nothingWaiting:
            print("app: no invite waiting (the clip never ran, or an earlier launch redeemed it)")
        case .redeemed(let receipt, let handoff):
            let family: String
            switch handoff {
            case .current(let envelope): family = envelope.payload.familyName ?? "family " + Finding.quoted(receipt.familyId)
            case .newer(let unread):
                print("app: forwarded a handoff of schema version \(unread.version) unread")
                family = "family " + Finding.quoted(receipt.familyId)
            }
            print(
                "app: joined \(family) as \(Finding.quoted(receipt.redeemerId)) (redemption \(Finding.quoted(receipt.id)), \(receipt.usesLeft) uses left)"
            )
        }
    }
}
