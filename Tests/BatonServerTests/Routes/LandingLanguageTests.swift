import BatonCore
import Foundation
import Testing

@Suite("The landing page in the reader's language", .timeLimit(.minutes(10)))
struct LandingLanguageTests {
    let app: TestApp
    let client: HTTPTestClient

    init() throws {
        (app, client) = try TestApp.withClient(rateLimited: false, anonymous: true)
    }

    @Test("Accept-Language es-MX gets the Spanish page: lang, Content-Language, Vary, the words and the date in Spanish")
    func spanish() throws {
        let invite = try app.makeInvite(maxRedemptions: 3)
        let page = try client.get("/invite/\(invite.token.text)", headers: [("Accept-Language", "es-MX,es;q=0.9,en;q=0.8")])
        #expect(page.status == 200)
        #expect(page.text.contains(#"<html lang="es" dir="ltr">"#))
        #expect(page.header("Content-Language") == "es")
        #expect(page.header("Vary") == "User-Agent, Accept-Language")
        #expect(page.header("Cache-Control") == "private, no-store")
        #expect(page.text.contains("<h1>Únete a <bdi>The Okafor family</bdi></h1>"))
        #expect(page.text.contains("<bdi>Ada</bdi> te invitó."))
        #expect(page.text.contains("Usos restantes: 3."))
        #expect(page.text.contains(#"<meta property="og:locale" content="es_ES">"#))
        #expect(page.text.contains(#"<meta name="twitter:title" content="Ada te invitó a unirte a The Okafor family">"#))
        let month = try #require(Calendar(identifier: .gregorian).dateComponents(in: .gmt, from: Date().addingTimeInterval(3600)).month)
        let spanishMonths = [
            "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre",
        ]
        #expect(page.text.contains(" de \(spanishMonths[month - 1]) de "))
    }

    @Test("?lang=ar beats Accept-Language: the page is right to left, the link stays left to right")
    func arabic() throws {
        let invite = try app.makeInvite()
        let page = try client.get("/invite/\(invite.token.text)?lang=ar", headers: [("Accept-Language", "ja")])
        #expect(page.text.contains(#"<html lang="ar" dir="rtl">"#))
        #expect(page.header("Content-Language") == "ar")
        #expect(page.text.contains(#"<p class="link" id="invite-link" dir="ltr">https://"#))
        #expect(page.text.contains("انضم إلى"))
        #expect(page.text.contains("[dir=rtl] .eyebrow{letter-spacing:0}"))
        #expect(!page.text.contains("margin-left") && !page.text.contains("text-align:left"), "only logical CSS directions")
    }

    @Test("Japanese words, date and copy-button labels; the script's hash does not change with the language")
    func japanese() throws {
        let invite = try app.makeInvite()
        let english = try client.get("/invite/\(invite.token.text)")
        let page = try client.get("/invite/\(invite.token.text)", headers: [("Accept-Language", "ja-JP")])
        #expect(page.text.contains(#"<html lang="ja" dir="ltr">"#))
        #expect(page.text.contains(#"data-copied="コピーしました""#))
        #expect(page.text.contains(#"年"#) && page.text.contains("日です。"))
        #expect(page.header("Content-Security-Policy") == english.header("Content-Security-Policy"))
        #expect(english.header("Content-Language") == "en")
    }

    @Test("the not-found page speaks the request's language, or BATON_DEFAULT_LOCALE without one")
    func notFound() throws {
        let page = try client.get("/invite/not-a-token", headers: [("Accept-Language", "ja")])
        #expect(page.status == 404)
        #expect(page.text.contains(#"<html lang="ja" dir="ltr">"#) && page.text.contains("この招待は利用できません"))
        #expect(page.header("Content-Language") == "ja")
        #expect(page.header("Vary") == "Accept-Language")
        let (arabicApp, arabicDefault) = try TestApp.withClient(
            rateLimited: false, environment: ["BATON_DEFAULT_LOCALE": "ar"], anonymous: true)
        let fallback = try withExtendedLifetime(arabicApp) { try arabicDefault.get("/invite/not-a-token") }
        #expect(fallback.text.contains(#"<html lang="ar" dir="rtl">"#) && fallback.header("Content-Language") == "ar")
    }
}
