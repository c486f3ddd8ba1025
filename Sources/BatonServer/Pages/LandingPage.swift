import BatonCore
import BatonLinks
import Foundation

/// The HTML page of `GET /invite/{token}`: what Safari shows on a phone when
/// the App Clip does not open by itself, and what Messages reads for its
/// link preview.
///
/// Phone first: the system font, who invites and to which family, one
/// primary action (get the app, with the Smart App Banner above the page),
/// and a "Copy invite" button for people who already have the app, so it
/// can read the link from the pasteboard. The QR code, for scanning from a
/// computer screen, shows only on wide screens. The invite link itself is
/// printed and selectable, so the page works without script; the server
/// never knows the plaintext code after creation, so the page can't show it.
///
/// Every word is in the page's language (``PageCatalog``), dates and
/// counts as that language writes them, `<html lang dir>` set from it.
///
/// The page is ``HTML``, so every interpolated value is escaped; the page
/// carries `noindex` (invite pages are private), Open Graph and Twitter
/// title and description, and one inline script, allowed by its hash (``scriptHash``).
struct LandingPage {
    let preview: InvitePreview
    let token: LinkToken
    let link: String
    let qrPath: String
    let links: LinkSettings
    /// `BATON_ANDROID_PACKAGE`: without it the page offers no Google Play link.
    let androidPackage: String?
    /// Which store links the page offers (``LandingPlatform``).
    let platform: LandingPlatform
    /// The strings of the page's language (``LanguageNegotiation``).
    let catalog: PageCatalog

    /// Shows the copy button and copies the link with the asynchronous
    /// Clipboard API, falling back to selecting it. Static text: its hash is
    /// what the page's CSP allows, so nothing may be interpolated into it;
    /// the words it shows come from the button's `data-` attributes, in
    /// the page's language.
    static let copyScript: HTML = """
        (function () {
          var button = document.getElementById("copy"), link = document.getElementById("invite-link");
          if (!button || !link) return;
          function done(text) { button.textContent = text; }
          function select() {
            var range = document.createRange();
            range.selectNodeContents(link);
            var selection = window.getSelection();
            selection.removeAllRanges();
            selection.addRange(range);
            done(document.execCommand && document.execCommand("copy") ? button.dataset.copied : button.dataset.selected);
          }
          button.hidden = false;
          button.addEventListener("click", function () {
            if (navigator.clipboard && navigator.clipboard.writeText) {
              navigator.clipboard.writeText(link.textContent).then(function () { done(button.dataset.copied); }, select);
            } else {
              select();
            }
          });
        })();
        """

    /// The CSP source expression of ``copyScript``: `sha256-` and the
    /// base64 of its UTF-8 bytes' SHA-256, computed from the bytes served.
    static let scriptHash = "sha256-" + Data(Sodium.sha256(copyScript.markup.utf8)).base64EncodedString()

    var html: HTML {
        let text = catalog
        let family = preview.familyName
        let title =
            preview.inviterName.map { text.text(.titleFromInviter, ["inviter": $0, "family": family]) }
            ?? text.text(.title, ["family": family])
        var facts = [text.text(.expires, ["date": text.day(preview.expiresAt)])]
        if preview.usesLeft > 1 { facts.append(text.text(.usesLeft, ["count": text.number(preview.usesLeft)])) }
        // A bound invite says only that it is bound, never for whom.
        if preview.forSpecificPerson { facts.append(text.text(.forSpecificPerson)) }
        let separator = catalog.language.sentenceSeparator
        let description = ([text.text(.previewDescription, ["family": family])] + facts).joined(separator: separator)
        // Names may be written in either direction: <bdi> keeps each one from reordering the sentence around it.
        let invited =
            preview.inviterName.map { text.html(.invitedBy, ["inviter": "<bdi>\($0)</bdi>"]) } ?? HTML(text: text.text(.invited))
        let language = catalog.language
        return """
            \(HTMLPage.opening(title: title, language: language))\(bannerTag)<meta property="og:type" content="website">
            <meta property="og:locale" content="\(language.openGraphLocale)">
            <meta property="og:title" content="\(title)">
            <meta property="og:description" content="\(description)">
            <meta property="og:url" content="\(link)">
            <meta name="twitter:card" content="summary">
            <meta name="twitter:title" content="\(title)">
            <meta name="twitter:description" content="\(description)">
            <style>\(Self.style)</style>
            </head>
            <body>
            <main>
            <p class="eyebrow">\(text.text(.eyebrow))</p>
            <h1>\(text.html(.heading, ["family": "<bdi>\(family)</bdi>"]))</h1>
            <p class="who">\(invited)\(separator)\(facts.joined(separator: separator))</p>
            \(storeActions)<section>
            <h2>\(text.text(.haveAppHeading))</h2>
            <p>\(text.text(.haveAppSteps))</p>
            <p>\(text.text(.tooManyTries))</p>
            <p class="link" id="invite-link" dir="ltr">\(link)</p>
            <button type="button" id="copy" class="secondary" data-copied="\(text.text(.copied))" \
            data-selected="\(text.text(.linkSelected))" hidden>\(text.text(.copyButton))</button>
            </section>
            <figure class="qr"><img src="\(qrPath)" alt="\(text.text(.qrAlt))" width="192" height="192">\
            <figcaption>\(text.text(.qrCaption))</figcaption></figure>
            </main>
            <script>\(Self.copyScript)</script>
            </body>
            </html>

            """
    }

    /// System fonts, contrast of at least 7:1 for text (4.5:1 on the
    /// button), light and dark schemes, and the QR code only from 48 rem up.
    /// Only logical directions (`text-align:start`, symmetric margins and
    /// padding), so a right-to-left page mirrors; the link keeps `dir="ltr"`,
    /// and right-to-left scripts get no letter spacing, which would break
    /// Arabic's joined letters.
    private static let style: HTML = """
        :root{color-scheme:light dark;--fg:#1d1d1f;--muted:#4a4a4f;--bg:#f5f5f7;--card:#fff;--accent:#0050a0}\
        @media (prefers-color-scheme:dark){:root{--fg:#f5f5f7;--muted:#c7c7cc;--bg:#000;--card:#1c1c1e;--accent:#0a64c8}}\
        *{box-sizing:border-box}\
        body{margin:0;background:var(--bg);color:var(--fg);font:17px/1.45 -apple-system,BlinkMacSystemFont,"Segoe UI",system-ui,sans-serif}\
        main{max-width:30rem;margin:0 auto;padding:2rem 1.25rem 3rem;text-align:start}\
        .eyebrow{margin:0;color:var(--muted);font-size:.8rem;font-weight:600;letter-spacing:.06em;text-transform:uppercase}\
        [dir=rtl] .eyebrow{letter-spacing:0}\
        h1{margin:.25rem 0 .5rem;font-size:1.75rem;line-height:1.2;overflow-wrap:anywhere}\
        h2{margin:0 0 .25rem;font-size:1.05rem}\
        .who{margin:0 0 1.5rem;color:var(--muted)}\
        .primary,.secondary,.store{display:block;width:100%;padding:.85rem 1rem;border-radius:.75rem;font:inherit;font-weight:600;text-align:center;text-decoration:none}\
        .actions{display:grid;gap:.75rem;margin:0 0 2rem}\
        .primary{background:var(--accent);color:#fff}\
        .store{border:2px solid var(--accent);color:var(--fg)}\
        .secondary{border:2px solid var(--accent);background:transparent;color:var(--fg);cursor:pointer}\
        .secondary[hidden]{display:none}\
        section{padding:1.25rem;border-radius:1rem;background:var(--card)}\
        section p{margin:0 0 .75rem}\
        .link{text-align:start;padding:.6rem .75rem;border-radius:.5rem;background:var(--bg);font:.85rem/1.4 ui-monospace,Menlo,monospace;overflow-wrap:anywhere;user-select:all;-webkit-user-select:all}\
        .qr{display:none}\
        @media (min-width:48rem){main{max-width:36rem;padding-top:4rem}.qr{display:block;margin:2rem 0 0;text-align:center}\
        .qr img{width:12rem;height:12rem;background:#fff;padding:.5rem;border-radius:.5rem}\
        .qr figcaption{color:var(--muted);font-size:.9rem}}
        """

    /// The Smart App Banner's `<meta>` tag (``SmartAppBanner/metaTag``, built here as ``HTML``).
    private var bannerTag: HTML {
        guard let store = links.appStoreID, let clip = links.clipBundleID,
            let banner = try? SmartAppBanner(appStoreID: store, clipBundleID: clip)
        else { return .empty }
        return "<meta name=\"apple-itunes-app\" content=\"\(banner.content)\">\n"
    }

    /// The store buttons this platform gets: the App Store on iOS, Google
    /// Play (and "Open in the app", for an installed app the browser did not
    /// hand the link to) on Android, both elsewhere; none whose store
    /// setting is unset. The first is the primary action.
    private var storeActions: HTML {
        var actions: [(label: String, url: String)] = []
        if platform.offersAppStore, let store = links.appStoreID {
            actions.append((catalog.text(.getOnAppStore), "https://apps.apple.com/app/id\(store)"))
        }
        if platform.offersGooglePlay, let package = androidPackage {
            let (source, campaign) = (preview.source, preview.campaign)
            actions.append((catalog.text(.getOnGooglePlay), token.googlePlayLink(package: package, source: source, campaign: campaign)))
            if platform == .android, let host = links.publicHost {
                let intent = token.androidIntentLink(host: host, package: package, source: source, campaign: campaign)
                actions.append((catalog.text(.openInApp), intent))
            }
        }
        guard !actions.isEmpty else { return .empty }
        let buttons = actions.enumerated().map { index, action -> HTML in
            "<a class=\"\(index == 0 ? "primary" : "store")\" href=\"\(action.url)\">\(action.label)</a>"
        }
        return "<div class=\"actions\">\(buttons.joined())</div>\n"
    }
}
