import BatonCore
import BatonLinks
import Foundation
import HTTP
import Journey

/// `GET /invite/{token}`: the invite's landing page (HTML), and
/// `GET /invite/{token}/qr.svg`: the QR code of its link. Unknown, expired,
/// revoked and used-up invites get one plain 404 page. Both pages are in the
/// language ``LanguageNegotiation`` picks, named by `Content-Language`. Rate-limited like
/// token lookups; viewing the page records no preview and never changes the
/// invite. A person's view marks the journey's `link_opened` (in memory,
/// written in batches); a `HEAD` or a link-preview robot's fetch
/// (``LinkPreviewAgents``) only counts a `link_previewed` view.
struct LandingRoutes {
    let app: BatonApplication

    func register(on router: inout Router) {
        router.get("/invite/:token", operation: .landingPage) { request in
            let fallback = app.configuration.links.defaultLanguage
            let unknown = { Response.page(NotFoundPage.html($0), in: $0, status: 404) }
            guard let token = try token(request) else { return unknown(request.pageLanguage(invite: nil, fallback: fallback)) }
            let credential = Credential.token(token)
            let preview: InvitePreview
            do {
                preview = try app.withConnection { try app.redemptions.preview(credential, channel: nil, on: $0) }
            } catch is RedeemError {
                return unknown(request.pageLanguage(invite: nil, fallback: fallback))
            }
            let language = request.pageLanguage(invite: preview.locale, fallback: fallback)
            let page = LandingPage(
                preview: preview, token: token, link: app.source(of: credential), qrPath: "/invite/\(token.text)/qr.svg",
                links: app.configuration.links, androidPackage: app.configuration.redemption.androidPackage,
                platform: LandingPlatform(userAgent: request.headers["User-Agent"]), catalog: PageCatalog.of(language))
            noteView(of: preview.inviteID, request)
            // The store links follow the agent's platform, the language Accept-Language (and, for a preview robot, the agent).
            var response = Response.page(page.html, in: language, vary: ["User-Agent", "Accept-Language"])
            response.headers.set("Cache-Control", "private, no-store")
            response.allowInlineScripts(hashes: [LandingPage.scriptHash])
            return response
        }
        router.get("/invite/:token/qr.svg", operation: .landingQRCode) { request in
            guard let token = try token(request), let svg = QRCodeSVG.svg(of: app.source(of: .token(token))) else {
                let language = request.pageLanguage(invite: nil, fallback: app.configuration.links.defaultLanguage)
                return .page(NotFoundPage.html(language), in: language, status: 404)
            }
            var response = Response(status: 200, body: Data(svg.markup.utf8))
            response.headers.set("Content-Type", "image/svg+xml")
            response.headers.set("Cache-Control", "private, max-age=3600")
            return response
        }
    }

    /// Counts the page view: an open, with its platform (kept for the
    /// invite's first open only, by the marks and the table), or a link
    /// preview, which records no platform.
    private func noteView(of invite: UUID, _ request: Request) {
        let now = app.clock()
        let agent = request.headers["User-Agent"]
        guard request.method != "HEAD", !LinkPreviewAgents.isPreview(userAgent: agent) else {
            app.stageMarks.views.record(.linkPreviewed, at: now)
            return
        }
        app.stageMarks.views.record(.linkOpened, at: now)
        app.stageMarks.mark(invite, .linkOpened, platform: LandingPlatform(userAgent: agent).journeyPlatform, at: now)
    }

    /// The path's token after the `token` rate limit, or nil when it is not token-shaped.
    private func token(_ request: Request) throws -> LinkToken? {
        try app.limit(.token, for: .client(address: request.clientAddress))
        guard
            case .token(let token)? = try? Credential.parse(
                request.parameter("token") ?? "", codeLength: app.configuration.links.codeLength)
        else { return nil }
        return token
    }
}
