import Foundation
import Testing

@Suite("Landing page, QR code and well-known files")
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
        #expect(!page.text.contains("<script"))
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
