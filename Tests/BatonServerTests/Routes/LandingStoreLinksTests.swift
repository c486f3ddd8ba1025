import BatonCore
import BatonLinks
import Foundation
import Testing

@Suite("The landing page's store links per platform, and the Android handoff through the install referrer", .timeLimit(.minutes(10)))
struct LandingStoreLinksTests {
    static let android =
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.6422.53 Mobile Safari/537.36"
    static let iPhone =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"
    static let desktop = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36"
    static let androidSettings = [
        "BATON_ANDROID_PACKAGE": "com.example.family",
        "BATON_ANDROID_CERT_FINGERPRINTS": Array(repeating: "AB", count: 32).joined(separator: ":"),
    ]

    /// The `href`s of the page's store buttons, HTML-unescaped, in order.
    static func storeLinks(in page: String) -> [String] {
        guard
            let actions = page.components(separatedBy: "<div class=\"actions\">").dropFirst().first?.components(separatedBy: "</div>").first
        else { return [] }
        return actions.matches(of: /href="([^"]*)"/).map { String($0.output.1).replacingOccurrences(of: "&amp;", with: "&") }
    }

    /// The invite's token from the page's Google Play link, as Play hands the referrer to the app.
    static func referredToken(from link: String) throws -> Credential {
        let referrer = try #require(URLComponents(string: link)?.queryItems?.first { $0.name == "referrer" }?.value)
        return try Credential.parse(installReferrer: referrer)
    }

    @Test("Android gets Google Play first, whose referrer names the invite, then an intent link to the installed app; no App Store")
    func androidGetsGooglePlay() throws {
        let (app, client) = try TestApp.withClient(rateLimited: false, environment: Self.androidSettings, anonymous: true)
        let invite = try app.makeInvite()
        try app.withConnection {
            _ = try $0.query("UPDATE baton.invites SET source = 'newsletter', campaign = 'spring-2026' WHERE id = $1", [invite.id])
        }
        let page = try client.get("/invite/\(invite.token.text)", headers: [("User-Agent", Self.android)])
        #expect(page.header("Vary") == "User-Agent, Accept-Language")
        let links = Self.storeLinks(in: page.text)
        #expect(links.count == 2)
        let play = try #require(links.first)
        #expect(play.hasPrefix("https://play.google.com/store/apps/details?id=com.example.family&referrer="))
        #expect(try Self.referredToken(from: play) == .token(invite.token))
        let referrer = try #require(URLComponents(string: play)?.queryItems?.first { $0.name == "referrer" }?.value)
        let attribution = URLComponents(string: "https://x/?" + referrer)?.queryItems
        #expect(attribution?.first { $0.name == "utm_source" }?.value == "newsletter")
        #expect(attribution?.first { $0.name == "utm_campaign" }?.value == "spring-2026")
        let intent = try #require(links.last)
        #expect(
            intent.hasPrefix("intent://\(TestApp.publicHost)/invite/\(invite.token.text)#Intent;scheme=https;package=com.example.family;"))
        #expect(intent.hasSuffix(";end"))
        let fallback = try #require(intent.components(separatedBy: "S.browser_fallback_url=").last?.dropLast(";end".count))
        #expect(String(fallback).removingPercentEncoding == play)
        #expect(!page.text.contains("apps.apple.com"))
        #expect(page.text.contains("Get the app on Google Play"))
    }

    @Test("an iPhone gets only the App Store, a desktop both stores and the QR code for any phone")
    func iPhoneAndDesktop() throws {
        let (app, client) = try TestApp.withClient(rateLimited: false, environment: Self.androidSettings, anonymous: true)
        let invite = try app.makeInvite()
        let phone = Self.storeLinks(in: try client.get("/invite/\(invite.token.text)", headers: [("User-Agent", Self.iPhone)]).text)
        #expect(phone == ["https://apps.apple.com/app/id1234567890"])
        let desk = try client.get("/invite/\(invite.token.text)", headers: [("User-Agent", Self.desktop)]).text
        let links = Self.storeLinks(in: desk)
        #expect(links.count == 2)
        #expect(links.first == "https://apps.apple.com/app/id1234567890")
        #expect(try Self.referredToken(from: links[1]) == .token(invite.token))
        #expect(desk.contains("Scan this with your phone&#39;s camera (iPhone or Android)."))
        #expect(!desk.contains("iPhone's camera"))
    }

    @Test("without an Android package Android gets no store button, and without an App Store id an iPhone gets none")
    func unsetStoresOfferNothing() throws {
        let (app, client) = try TestApp.withClient(rateLimited: false, environment: ["BATON_APP_STORE_ID": ""], anonymous: true)
        let invite = try app.makeInvite()
        for agent in [Self.android, Self.iPhone, Self.desktop] {
            let page = try client.get("/invite/\(invite.token.text)", headers: [("User-Agent", agent)])
            #expect(page.status == 200)
            #expect(Self.storeLinks(in: page.text) == [], "\(agent)")
            #expect(!page.text.contains("class=\"actions\""))
        }
    }

    @Test("the Android path end to end: the page's referrer previews, the handoff redeems once, a second person is refused")
    func androidHandoffExactlyOnce() throws {
        let (app, client) = try TestApp.withClient(rateLimited: false, environment: Self.androidSettings)
        let invite = try app.makeInvite(familyName: "The Okafor family", inviterName: "Ada")
        let page = try client.get("/invite/\(invite.token.text)", headers: [("User-Agent", Self.android)])
        // After the install, the app reads Play's referrer and previews with its token.
        let credential = try Self.referredToken(from: try #require(Self.storeLinks(in: page.text).first))
        let preview = try client.get("/v1/invites/\(credential.text)/preview")
        #expect(preview.status == 200)
        #expect(preview.json["family_name"] as? String == "The Okafor family")
        let handoff = try #require(preview.json["handoff"] as? String)
        // The app keeps the handoff until sign-in, then redeems it.
        let first = try client.post("/v1/redemptions", json: ["handoff": handoff, "redeemer_id": "android-user", "channel": "app"])
        #expect(first.status == 201)
        #expect(first.json["invite_id"] as? String == invite.id.uuidString.lowercased())
        let retry = try client.post("/v1/redemptions", json: ["handoff": handoff, "redeemer_id": "android-user", "channel": "app"])
        #expect(retry.status == 200)
        #expect(retry.body == first.body)
        let other = try client.post("/v1/redemptions", json: ["token": credential.text, "redeemer_id": "someone-else", "channel": "app"])
        #expect(other.status == 409)
        #expect(other.errorCode == "invite_used_up")
        #expect(try app.count("SELECT count(*) FROM baton.redemptions WHERE invite_id = $1", [invite.id]) == 1)
    }
}
