/// Every string a person reads on the invite's pages, as a catalog key.
/// Placeholders are `{name}` in the text; each catalog's string for a key
/// has the same ones as English's (`PageCatalogTests`).
enum PageText: String, CaseIterable, Sendable {
    /// `<title>`, `og:title`, `twitter:title` with an inviter: `{inviter}`, `{family}`.
    case titleFromInviter
    /// The same without an inviter: `{family}`.
    case title
    /// Above the heading.
    case eyebrow
    /// The heading: `{family}`.
    case heading
    /// `{inviter}`.
    case invitedBy
    /// When the invite names no inviter.
    case invited
    /// `{date}`, the expiry as the language writes dates.
    case expires
    /// For an invite bound to one person, never saying who.
    case forSpecificPerson
    /// `{count}` redemptions left, shown when more than one (a label, so no plural forms).
    case usesLeft
    /// The start of `og:description` and `twitter:description`: `{family}`.
    case previewDescription
    /// The App Store button.
    case getOnAppStore
    /// The Google Play button.
    case getOnGooglePlay
    /// The Android button that opens an installed app.
    case openInApp
    /// The heading of the part for people who have the app.
    case haveAppHeading
    /// How to paste the link or type the code.
    case haveAppSteps
    /// Why the link works when typed codes are refused.
    case tooManyTries
    /// The copy button.
    case copyButton
    /// The copy button once the link is copied.
    case copied
    /// The copy button when only selecting the link worked.
    case linkSelected
    /// The QR code's `alt`.
    case qrAlt
    /// The QR code's caption, for a computer's screen.
    case qrCaption
    /// `<title>` of the page for an unknown, expired, revoked, used-up or erased invite.
    case notFoundTitle
    /// Its heading.
    case notFoundHeading
    /// What to do about it.
    case notFoundBody
}
