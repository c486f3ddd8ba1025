import Testing

@testable import BatonCore
@testable import Journey

@Suite("LinkPreviewAgents", .timeLimit(.minutes(10)))
struct LinkPreviewAgentsTests {
    @Test(
        "the unfurlers of Messages, Slack, Discord, Facebook, Twitter, WhatsApp, Telegram, LinkedIn and Google are previews",
        arguments: [
            "facebookexternalhit/1.1 Facebot Twitterbot/1.0",
            "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
            "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
            "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
            "Twitterbot/1.0", "WhatsApp/2.23.20.0 A", "TelegramBot (like TwitterBot)",
            "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
            "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
            "SLACKBOT", "Mozilla/5.0 (Macintosh) Applebot/0.1",
        ])
    func previews(userAgent: String) {
        #expect(LinkPreviewAgents.isPreview(userAgent: userAgent))
    }

    @Test(
        "browsers, an empty header and no header are people",
        arguments: [
            "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
            "Mozilla/5.0 (Linux; Android 15) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36", "",
        ])
    func people(userAgent: String) {
        #expect(!LinkPreviewAgents.isPreview(userAgent: userAgent))
        #expect(!LinkPreviewAgents.isPreview(userAgent: nil))
    }

    @Test("a marker past the first 512 bytes is not read")
    func bounded() {
        #expect(!LinkPreviewAgents.isPreview(userAgent: String(repeating: "a", count: 512) + "Slackbot"))
    }
}
