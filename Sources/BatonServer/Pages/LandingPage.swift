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
/// The page is ``HTML``, so every interpolated value is escaped; the page
/// carries `noindex` (invite pages are private), Open Graph title and
/// description, and one inline script, allowed by its hash (``scriptHash``).
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

    /// Shows the copy button and copies the link with the asynchronous
    /// Clipboard API, falling back to selecting it. Static text: its hash is
    /// what the page's CSP allows, so nothing may be interpolated into it.
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
            done(document.execCommand && document.execCommand("copy") ? "Copied" : "Link selected: copy it");
          }
          button.hidden = false;
          button.addEventListener("click", function () {
            if (navigator.clipboard && navigator.clipboard.writeText) {
              navigator.clipboard.writeText(link.textContent).then(function () { done("Copied"); }, select);
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
        let family = preview.familyName
        let invited: HTML = preview.inviterName.map { "\($0) invited you." } ?? "You are invited."
        let title = preview.inviterName.map { "\($0) invited you to join \(family)" } ?? "You are invited to join \(family)"
        let expiry = preview.expiresAt.formatted(.iso8601.year().month().day())
        // A bound invite says only that it is bound, never for whom.
        let personal = preview.forSpecificPerson ? " This invite is for a specific person." : ""
        let description = "Open this invite to join \(family). It expires on \(expiry).\(personal)"
        return """
            \(HTMLPage.opening(title: title))\(bannerTag)<meta property="og:type" content="website">
            <meta property="og:title" content="\(title)">
            <meta property="og:description" content="\(description)">
            <meta property="og:url" content="\(link)">
            <style>\(Self.style)</style>
            </head>
            <body>
            <main>
            <p class="eyebrow">Family invite</p>
            <h1>Join \(family)</h1>
            <p class="who">\(invited) It expires on \(expiry).\(personal)</p>
            \(storeActions)<section>
            <h2>Already have the app?</h2>
            <p>Copy the invite, open the app and paste it, or type the invite code you were given \
            (case, spaces and hyphens do not matter).</p>
            <p>If the app says too many wrong codes were tried, paste this invite link instead: \
            this invite link still works, whatever was typed.</p>
            <p class="link" id="invite-link">\(link)</p>
            <button type="button" id="copy" class="secondary" hidden>Copy invite</button>
            </section>
            <figure class="qr"><img src="\(qrPath)" alt="QR code of this invite link" width="192" height="192">\
            <figcaption>On a computer? Scan this with your phone's camera (iPhone or Android).</figcaption></figure>
            </main>
            <script>\(Self.copyScript)</script>
            </body>
            </html>

            """
    }

    /// System fonts, contrast of at least 7:1 for text (4.5:1 on the
    /// button), light and dark schemes, and the QR code only from 48 rem up.
    private static let style: HTML = """
        :root{color-scheme:light dark;--fg:#1d1d1f;--muted:#4a4a4f;--bg:#f5f5f7;--card:#fff;--accent:#0050a0}\
        @media (prefers-color-scheme:dark){:root{--fg:#f5f5f7;--muted:#c7c7cc;--bg:#000;--card:#1c1c1e;--accent:#0a64c8}}\
        *{box-sizing:border-box}\
        body{margin:0;background:var(--bg);color:var(--fg);font:17px/1.45 -apple-system,BlinkMacSystemFont,"Segoe UI",system-ui,sans-serif}\
        main{max-width:30rem;margin:0 auto;padding:2rem 1.25rem 3rem}\
        .eyebrow{margin:0;color:var(--muted);font-size:.8rem;font-weight:600;letter-spacing:.06em;text-transform:uppercase}\
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
        .link{padding:.6rem .75rem;border-radius:.5rem;background:var(--bg);font:.85rem/1.4 ui-monospace,Menlo,monospace;overflow-wrap:anywhere;user-select:all;-webkit-user-select:all}\
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
            actions.append(("Get the app on the App Store", "https://apps.apple.com/app/id\(store)"))
        }
        if platform.offersGooglePlay, let package = androidPackage {
            let (source, campaign) = (preview.source, preview.campaign)
            actions.append(("Get the app on Google Play", token.googlePlayLink(package: package, source: source, campaign: campaign)))
            if platform == .android, let host = links.publicHost {
                let intent = token.androidIntentLink(host: host, package: package, source: source, campaign: campaign)
                actions.append(("Open in the app", intent))
            }
        }
        guard !actions.isEmpty else { return .empty }
        let buttons = actions.enumerated().map { index, action -> HTML in
            "<a class=\"\(index == 0 ? "primary" : "store")\" href=\"\(action.url)\">\(action.label)</a>"
        }
        return "<div class=\"actions\">\(buttons.joined())</div>\n"
    }
}
