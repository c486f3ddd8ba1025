/// The Google Play link of an invite: Android's deferred deep link. The
/// landing page sends a person without the app to Play with the invite's
/// token in the `referrer` parameter; after the install the app reads it
/// back with the Play Install Referrer library and
/// ``Credential/parse(installReferrer:)``.
extension LinkToken {
    /// The referrer to hand Google Play: `baton_token=<token>`, then
    /// `utm_source` and `utm_campaign` when given (each percent-encoded), so
    /// Play's own install attribution sees the invite's source and campaign.
    public func installReferrer(source: String? = nil, campaign: String? = nil) -> String {
        var referrer = "\(Credential.installReferrerTokenName)=\(text)"
        if let source { referrer += "&utm_source=" + PercentEncoding.encoded(source) }
        if let campaign { referrer += "&utm_campaign=" + PercentEncoding.encoded(campaign) }
        return referrer
    }

    /// `https://play.google.com/store/apps/details?id=<package>&referrer=<referrer>`,
    /// the referrer percent-encoded once more, as Play expects (it decodes it
    /// once before handing it to the app). `package` must be a valid Android
    /// package name (letters, digits, `_` and dots), so it needs no escaping.
    public func googlePlayLink(package: String, source: String? = nil, campaign: String? = nil) -> String {
        "https://play.google.com/store/apps/details?id=\(package)&referrer="
            + PercentEncoding.encoded(installReferrer(source: source, campaign: campaign))
    }

    /// Chrome's `intent://` form of ``inviteLink(host:)`` for an Android app:
    /// it opens app `package` with the invite link when the app is installed
    /// but the browser did not hand it the link, and otherwise falls back to
    /// ``googlePlayLink(package:source:campaign:)`` (percent-encoded once
    /// more, as an intent's string extra must be). `host` and `package` are
    /// validated names, so they need no escaping.
    public func androidIntentLink(host: String, package: String, source: String? = nil, campaign: String? = nil) -> String {
        let fallback = PercentEncoding.encoded(googlePlayLink(package: package, source: source, campaign: campaign))
        return "intent://\(host)/invite/\(text)#Intent;scheme=https;package=\(package);S.browser_fallback_url=\(fallback);end"
    }
}
