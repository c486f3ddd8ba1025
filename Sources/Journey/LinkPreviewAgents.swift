/// The user agents of known link-preview robots, which fetch a link to
/// unfurl it in a chat before (or without) a person opening it: Apple's
/// Messages, Slack, Discord, Facebook, Twitter/X, WhatsApp, Telegram,
/// LinkedIn, Google and a few more. Their fetches are counted as
/// `link_previewed`, not as opens. Matching is by substring, ASCII case
/// folded, over at most the first 512 bytes of the header.
public enum LinkPreviewAgents {
    /// Lowercase substrings that identify a preview robot. Apple's Messages
    /// sends `facebookexternalhit/1.1 Facebot Twitterbot/1.0`.
    static let markers = [
        "facebookexternalhit", "facebot", "twitterbot", "slackbot", "slack-imgproxy", "discordbot", "whatsapp",
        "telegrambot", "linkedinbot", "googlebot", "google-inspectiontool", "googleother", "applebot", "skypeuripreview",
        "microsoftpreview", "redditbot", "pinterestbot", "embedly", "iframely", "vkshare", "mastodon", "bingbot",
    ]

    /// Whether `userAgent` is a link-preview robot's (false for nil or empty).
    public static func isPreview(userAgent: String?) -> Bool {
        guard let userAgent, !userAgent.isEmpty else { return false }
        let folded = String(decoding: userAgent.utf8.prefix(512).map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
        return markers.contains { folded.contains($0) }
    }
}
