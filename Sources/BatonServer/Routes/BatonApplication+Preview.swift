import BatonCore
import BatonLinks
import Foundation
import HTTP

extension BatonApplication {
    /// The credential in `text` (token, or code in any accepted spelling).
    /// A malformed one still costs the client a `code` token, so that
    /// near-miss guesses are limited like real ones.
    /// - Throws: 400 `invalid_code` (no database lookup), 429.
    func credential(_ text: String, for subject: RateSubject) throws -> Credential {
        do {
            return try Credential.parse(text, codeLength: configuration.links.codeLength)
        } catch {
            try limit(.code, for: subject)
            throw RedeemError.invalidCredential(error)
        }
    }

    /// The preview answer for `credential` (reached from `source`), with a
    /// fresh handoff; records the invite's first preview (the journey's
    /// `clip_opened`) and counts the view in memory.
    /// - Throws: 404/410 `invite_*`, 429, 503.
    func previewResponse(_ credential: Credential, source: String, request: Request) throws -> Response {
        let preview: InvitePreview
        do {
            preview = try limitingLookup(credential, for: .client(address: request.clientAddress)) {
                try withConnection { try redemptions.preview(credential, channel: .clip, on: $0) }
            }
        } catch let error as RedeemError {
            throw PreviewRefusal(error: error)
        }
        stageMarks.views.record(.clipOpened, at: clock())
        let handoff = try handoffs.mint(for: preview, credential: credential, source: source)
        let body = PreviewBody(
            familyName: preview.familyName, inviterName: preview.inviterName, expiresAt: preview.expiresAt,
            usesLeft: preview.usesLeft, state: preview.state, handoff: handoff, forSpecificPerson: preview.forSpecificPerson,
            locale: preview.locale?.tag
        )
        return .json(encoded: body.json())
    }

    /// The link a credential is reached by when no invocation URL was given:
    /// `https://<host>/invite/<token>`, or `https://<host>/invite?code=<code>`.
    func source(of credential: Credential) -> String {
        let host = configuration.links.publicHost ?? "localhost"
        return switch credential {
        case .token(let token): token.inviteLink(host: host)
        case .code(let code): "https://\(host)/invite?code=\(code.text)"
        }
    }
}
