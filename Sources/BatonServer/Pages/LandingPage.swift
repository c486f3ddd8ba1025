import BatonCore
import BatonLinks
import Foundation

/// The HTML page of `GET /invite/{token}`: what Safari shows when the App
/// Clip does not open by itself, and what Messages reads for its link preview.
///
/// Every interpolated value goes through ``HTMLText/escaped(_:)``. The page
/// carries no script (the server's CSP forbids them), `noindex` (invite pages
/// are private), the Smart App Banner meta tag when the App Store id and clip
/// are configured, Open Graph title and description, the App Store link and
/// the typed-code fallback for people without the clip.
struct LandingPage {
    let preview: InvitePreview
    let link: String
    let qrPath: String
    let links: LinkSettings

    var html: String {
        let family = HTMLText.escaped(preview.familyName)
        let inviter = preview.inviterName.map(HTMLText.escaped)
        let title = inviter.map { "\($0) invited you to join \(family)" } ?? "You are invited to join \(family)"
        let expiry = preview.expiresAt.formatted(.iso8601.year().month().day())
        // A bound invite says only that it is bound, never for whom.
        let personal = preview.forSpecificPerson ? " This invite is for a specific person." : ""
        let description = "Open this invite to join \(family). It expires on \(expiry).\(personal)"
        return """
            \(HTMLPage.opening(title: title))\(bannerTag)<meta property="og:type" content="website">
            <meta property="og:title" content="\(title)">
            <meta property="og:description" content="\(description)">
            <meta property="og:url" content="\(HTMLText.escaped(link))">
            <style>body{font:17px/1.5 -apple-system,system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}\
            .qr{width:12rem;height:12rem}</style>
            </head>
            <body>
            <main>
            <h1>\(title)</h1>
            <p>\(description)</p>
            \(storeParagraph)<h2>No App Clip?</h2>
            <p>Install the app, open it and choose “Join a family”, then type the invite code you were given \
            (letters and digits, such as ABCDE-FGHJK; case, spaces and hyphens do not matter).</p>
            <p><img class="qr" src="\(HTMLText.escaped(qrPath))" alt="QR code of this invite link"></p>
            </main>
            </body>
            </html>

            """
    }

    private var bannerTag: String {
        guard let store = links.appStoreID, let clip = links.clipBundleID,
            let banner = try? SmartAppBanner(appStoreID: store, clipBundleID: clip)
        else { return "" }
        return banner.metaTag + "\n"
    }

    private var storeParagraph: String {
        guard let store = links.appStoreID else { return "" }
        let url = HTMLText.escaped("https://apps.apple.com/app/id\(store)")
        return "<p><a href=\"\(url)\">Get the app on the App Store</a></p>\n"
    }
}
