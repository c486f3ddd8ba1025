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
        do throws(BatonError) {
            switch invocation.credential {
            case .code(let code): return try await client.redeem(code: code.text, redeemer: .token(redeemerToken))
            case .token(let token): return try await client.redeem(token: token.text, redeemer: .token(redeemerToken))
            }
        } catch {
            throw .baton(error)
        }
    }
}
