/// Which store the landing page leads to, decided from the `User-Agent` of
/// the request: the page offers the App Store on iOS, Google Play on
/// Android, and both (with the QR code) elsewhere.
///
/// Only the operating system is read, never a fingerprint: in-app browsers
/// (Messages, WhatsApp, Instagram, Facebook) keep the system's token in
/// their agents. iPadOS Safari asks for desktop pages and says `Macintosh`,
/// so an iPad gets the desktop page, which offers the App Store too.
enum LandingPlatform: String, Sendable, CaseIterable {
    /// iPhone, iPod touch, and iPads that say so.
    case ios
    /// Any Android browser or in-app web view.
    case android
    /// Windows, macOS, Linux and ChromeOS browsers.
    case desktop
    /// Anything else: robots, command-line clients, no agent at all.
    case other

    /// The platform `userAgent` names. Windows Phone and KaiOS agents that
    /// mention Android are `other`: Google Play does not serve them.
    init(userAgent: String?) {
        guard let agent = userAgent else {
            self = .other
            return
        }
        if agent.contains("Windows Phone") || agent.contains("KAIOS") {
            self = .other
        } else if agent.contains("Android") {
            self = .android
        } else if agent.contains("iPhone") || agent.contains("iPad") || agent.contains("iPod") {
            self = .ios
        } else if agent.contains("Windows NT") || agent.contains("Macintosh") || agent.contains("X11") || agent.contains("CrOS") {
            self = .desktop
        } else {
            self = .other
        }
    }

    /// Whether the page offers the App Store here.
    var offersAppStore: Bool { self != .android }
    /// Whether the page offers Google Play here.
    var offersGooglePlay: Bool { self != .ios }
}
