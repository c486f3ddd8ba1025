import BatonClient
import BatonLinks

extension AppLaunch {
    /// Once installed, the full app replaces the clip and receives the
    /// invite links itself (its `applinks:` and `appclips:` domains): it
    /// checks the link with `BatonLinks` and redeems the credential directly,
    /// without any handoff.
    /// - Throws: the URL's `InvocationError` (before any network call), or the server's refusal.
    func redeem(invocationURL: String, limits: InvocationLimits, redeemerToken: String) async throws(FlowError) -> RedemptionReceipt {
        let invocation: Invocation
        do throws(InvocationError) {
            invocation = try Invocation(url: invocationURL, limits: limits)
        } catch {
            throw .invalidInvocation(error)
        }
        return try await redeem(invocation.credential, redeemerToken: redeemerToken)
    }

    /// With no handoff in the App Group (the app came from the App Store
    /// page, or the clip never launched), the person pastes what they were
    /// sent or copied from the landing page: `Credential.parse(pasted:)`
    /// finds the one invite link or code in it, and Baton previews it, so the
    /// person sees which family they join before ``redeem(_:redeemerToken:)``.
    /// - Throws: the paste's `PasteError` (before any network call), or the server's refusal.
    func previewPasted(_ text: String, limits: InvocationLimits) async throws(FlowError) -> (Credential, InvitePreview) {
        let credential: Credential
        do throws(PasteError) {
            credential = try Credential.parse(pasted: text, limits: limits)
        } catch {
            throw .invalidPaste(error)
        }
        do throws(BatonError) {
            return (credential, try await client.preview(credential.text))
        } catch {
            throw .baton(error)
        }
    }

    /// Redeems a link's or a pasted credential as the signed-in person.
    func redeem(_ credential: Credential, redeemerToken: String) async throws(FlowError) -> RedemptionReceipt {
        do throws(BatonError) {
            switch credential {
            case .code(let code): return try await client.redeem(code: code.text, redeemer: .token(redeemerToken))
            case .token(let token): return try await client.redeem(token: token.text, redeemer: .token(redeemerToken))
            }
        } catch {
            throw .baton(error)
        }
    }
}
