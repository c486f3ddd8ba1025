import BatonClient
import BatonHandoff
import BatonLinks
import Foundation

/// What the App Clip does when it is launched: check the invocation URL (or
/// a typed code) locally, ask Baton for the preview, and keep the server's
/// handoff in the App Group for the full app.
///
/// Call ``open(invocationURL:)`` from the clip's
/// `onContinueUserActivity(NSUserActivityTypeBrowsingWeb)` with the
/// activity's `webpageURL` (nil when the clip came back from the App Switcher).
struct ClipLaunch: Sendable {
    /// What the clip accepts, compiled into it: the invite host, the clip's
    /// own bundle id (for `appclip.apple.com` links) and the code length.
    let limits: InvocationLimits
    /// The Baton API.
    let client: BatonClient
    /// The App Group store the app will take the handoff from.
    let store: HandoffStore

    /// Validates `invocationURL` with `BatonLinks` before any network call,
    /// then stores the preview's handoff.
    /// - Throws: `no_invocation` for nil, the URL's `InvocationError`, the
    ///   server's refusal (`invite_expired` …), or the store's `HandoffError`.
    func open(invocationURL: String?) async throws(FlowError) -> ClipPreview {
        guard let invocationURL else { throw .noInvocation }
        do throws(InvocationError) {
            _ = try Invocation(url: invocationURL, limits: limits)
        } catch {
            throw .invalidInvocation(error)
        }
        let preview: InvitePreview
        do throws(BatonError) {
            preview = try await client.invoke(url: invocationURL)
        } catch {
            throw .baton(error)
        }
        return try keep(preview)
    }

    /// A code the person typed: checked locally (check character), then
    /// previewed. When Baton cannot be reached, the clip keeps an unsigned
    /// `typed_code` handoff so the app can redeem the code later.
    /// - Throws: the code's `CredentialError`, the server's refusal, or the store's `HandoffError`.
    func open(typedCode: String, now: Date = Date()) async throws(FlowError) -> ClipPreview {
        let credential: Credential
        do throws(CredentialError) {
            credential = try Credential.parse(typedCode, codeLength: limits.codeLength)
        } catch {
            throw .invalidCode(error)
        }
        let preview: InvitePreview
        do throws(BatonError) {
            preview = try await client.preview(credential.text)
        } catch .transport {
            return try keepOffline(credential, now: now)
        } catch {
            throw .baton(error)
        }
        return try keep(preview)
    }

    /// The line the clip shows for `invocationURL`, success or not.
    func headline(for invocationURL: String?) async -> String {
        do {
            let preview = try await open(invocationURL: invocationURL)
            return preview.headline
        } catch {
            return error.message
        }
    }

    private func keep(_ preview: InvitePreview) throws(FlowError) -> ClipPreview {
        do throws(HandoffError) {
            return ClipPreview(stored: try store.write(preview.handoff))
        } catch {
            throw .handoff(error)
        }
    }

    private func keepOffline(_ credential: Credential, now: Date) throws(FlowError) -> ClipPreview {
        let issuedAt = Int64(now.timeIntervalSince1970)
        do throws(HandoffError) {
            let envelope = try HandoffEncoder().mintTypedCode(credential.text, issuedAt: issuedAt, expiresAt: issuedAt + 86_400)
            return ClipPreview(stored: try store.write(envelope))
        } catch {
            throw .handoff(error)
        }
    }
}
