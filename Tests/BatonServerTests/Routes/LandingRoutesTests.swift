import BatonCore
import Foundation
import Testing

@Suite("Landing page, QR code and well-known files", .timeLimit(.minutes(10)))
struct LandingRoutesTests {
    let app: TestApp
    let client: HTTPTestClient

    init() throws {
        (app, client) = try TestApp.withClient(
            rateLimited: false,
            environment: [
                "BATON_ANDROID_PACKAGE": "com.example.family",
                "BATON_ANDROID_CERT_FINGERPRINTS": Array(repeating: "AB", count: 32).joined(separator: ":"),
            ], anonymous: true)
    }

    @Test("the landing page escapes a hostile family name and carries banner, Open Graph and noindex")
    func hostileFamilyName() throws {
        let hostile = #"<script>alert("x")</script> & 'Co' <img src=x onerror=1>"#
        let invite = try app.makeInvite(familyName: String(hostile.prefix(100)), inviterName: "\"><b>Eve")
        let page = try client.get("/invite/\(invite.token.text)")
        #expect(page.status == 200)
        #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
        #expect(page.text.components(separatedBy: "<script").count == 2, "only the page's own script")
        #expect(!page.text.contains("<img src=x"))
        #expect(!page.text.contains("\"><b>"))
        #expect(page.text.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Co&#39;"))
        #expect(page.text.contains(#"<meta name="robots" content="noindex, nofollow">"#))
        #expect(
            page.text.contains(
                #"<meta name="apple-itunes-app" content="app-id=1234567890, app-clip-bundle-id=com.example.family.Clip, app-clip-display=card">"#
            ))
        #expect(page.text.contains(#"<meta property="og:title""#))
        #expect(page.text.contains("https://apps.apple.com/app/id1234567890"))
        #expect(try app.count("SELECT count(*) FROM baton.events WHERE type = 'invite.previewed'") == 0)
    }

    @Test("the landing page's typed-code instructions say that this link still works when typed codes are refused")
    func codeFormNamesTheLink() throws {
        let invite = try app.makeInvite()
        let page = try client.get("/invite/\(invite.token.text)")
        let section = page.text.components(separatedBy: "<h2>Already have the app?</h2>").last?.components(separatedBy: "</section>").first
        #expect(section?.contains("too many wrong codes") == true)
        #expect(section?.contains("this invite link still works") == true)
    }

    @Test("the landing page is phone first: one primary action, the link shown for copying, the QR code for wide screens")
    func structure() throws {
        let invite = try app.makeInvite(familyName: "The Okafor family", inviterName: "Ada")
        let page = try client.get("/invite/\(invite.token.text)")
        let text = page.text
        #expect(text.contains("<h1>Join <bdi>The Okafor family</bdi></h1>"))
        #expect(text.contains("<bdi>Ada</bdi> invited you."))
        #expect(text.components(separatedBy: "class=\"primary\"").count == 2)
        #expect(text.contains("<p class=\"link\" id=\"invite-link\" dir=\"ltr\">https://"))
        #expect(text.contains("/invite/\(invite.token.text)</p>"))
        #expect(
            text.contains(
                #"<button type="button" id="copy" class="secondary" data-copied="Copied" data-selected="Link selected: copy it" hidden>Copy invite</button>"#
            ))
        #expect(text.contains("@media (min-width:48rem)"))
        #expect(text.contains(".qr{display:none}"))
        #expect(!text.contains("http://") && !text.contains("//fonts."), "no external assets")
        #expect(!text.contains(invite.code.text) && !text.contains(invite.code.displayText), "the plaintext code is never shown")
    }

    @Test("the page's CSP allows exactly the hash of the one script it serves")
    func scriptHash() throws {
        let invite = try app.makeInvite()
        let page = try client.get("/invite/\(invite.token.text)")
        let scripts = page.text.components(separatedBy: "<script>").dropFirst().map { $0.components(separatedBy: "</script>")[0] }
        #expect(scripts.count == 1)
        let script = try #require(scripts.first)
        let hash = "sha256-" + Data(Sodium.sha256(Array(script.utf8))).base64EncodedString()
        let policy = try #require(page.header("Content-Security-Policy"))
        #expect(policy.hasPrefix("script-src '\(hash)'; default-src 'none';"))
        #expect(policy.components(separatedBy: "sha256-").count == 2)
        #expect(!policy.contains("unsafe-inline';") || policy.contains("style-src 'self' 'unsafe-inline'"))
        #expect(!policy.contains("script-src 'unsafe"))
        let notFound = try client.get("/invite/\(LinkTokenFixture.unknown)")
        #expect(notFound.header("Content-Security-Policy")?.contains("script-src") == false)
    }

    @Test("unknown, revoked and expired links get the plain 404 page", arguments: ["unknown", "revoked", "expired", "not a token"])
    func notFound(kind: String) throws {
        let invite = try app.makeInvite()
        if kind == "revoked" || kind == "expired" { try app.setState(kind, of: invite) }
        let path =
            switch kind {
            case "unknown": "/invite/\(LinkTokenFixture.unknown)"
            case "not a token": "/invite/hello"
            default: "/invite/\(invite.token.text)"
            }
        let page = try client.get(path)
        #expect(page.status == 404)
        #expect(page.text.contains("This invite is not available"))
    }

    @Test("the QR code is an SVG of the link")
    func qrCode() throws {
        let invite = try app.makeInvite()
        let response = try client.get("/invite/\(invite.token.text)/qr.svg")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "image/svg+xml")
        #expect(response.text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(response.text.contains("<path d=\"M"))
    }

    @Test("the AASA is JSON, not redirected, cacheable, with app and clip")
    func aasa() throws {
        let response = try client.get("/.well-known/apple-app-site-association")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json")
        #expect(response.header("Cache-Control")?.contains("max-age") == true)
        #expect((response.json["appclips"] as? [String: Any])?["apps"] as? [String] == ["ABCDE12345.com.example.family.Clip"])
    }

    @Test("assetlinks.json names the Android package and fingerprints")
    func assetLinks() throws {
        let response = try client.get("/.well-known/assetlinks.json")
        #expect(response.status == 200)
        let statements = try #require(try JSONSerialization.jsonObject(with: response.body) as? [[String: Any]])
        let target = statements.first?["target"] as? [String: Any]
        #expect(target?["package_name"] as? String == "com.example.family")
        #expect((target?["sha256_cert_fingerprints"] as? [String])?.count == 1)
    }

    @Test("assetlinks.json is 404 without an Android app")
    func noAssetLinks() throws {
        let plain = try TestApp(environment: ["BATON_RATE_LIMITS": "off"])
        #expect(try plain.client().get("/.well-known/assetlinks.json").status == 404)
    }
}
