import Testing

@testable import BatonServer

@Suite("The landing page's platform, from real user agents", .timeLimit(.minutes(10)))
struct LandingPlatformTests {
    static let agents: [(String, LandingPlatform)] = [
        // Android: browsers and the in-app browsers invites arrive in.
        (
            "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
            .android
        ),
        (
            "Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36",
            .android
        ),
        ("Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0", .android),
        (
            "Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230805.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36",
            .android
        ),
        (
            "Mozilla/5.0 (Linux; Android 12; SM-G991B Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36 WhatsApp/2.24.1.6",
            .android
        ),
        (
            "Mozilla/5.0 (Linux; Android 13; SM-A536B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 Instagram 309.1.0.41.113 Android (33/13; 450dpi; 1080x2177; samsung; SM-A536B; a53x; s5e8825; en_GB; 541635890)",
            .android
        ),
        (
            "Mozilla/5.0 (Linux; Android 13; Pixel 6 Build/TQ2A.230505.002; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/113.0.5672.162 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/416.0.0.35.85;]",
            .android
        ),
        // Google Messages opens links in a Chrome Custom Tab: Chrome's own agent.
        (
            "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.6422.53 Mobile Safari/537.36",
            .android
        ),
        // iOS: Safari, Chrome on iOS, in-app browsers, an iPad that says so.
        (
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
            .ios
        ),
        (
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1",
            .ios
        ),
        (
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 307.0.0.34.111 (iPhone15,3; iOS 17_1; en_US; en; scale=3.00; 1290x2796; 533874066)",
            .ios
        ),
        (
            "Mozilla/5.0 (iPad; CPU OS 12_5_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1",
            .ios
        ),
        // Desktops, and an iPad asking for the desktop page.
        (
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
            .desktop
        ),
        (
            "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
            .desktop
        ),
        ("Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0", .desktop),
        (
            "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
            .desktop
        ),
        // Neither store serves these.
        (
            "Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0.2743.116 Mobile Safari/537.36 Edge/15.14977",
            .other
        ),
        ("curl/7.88.1", .other),
        ("WhatsApp/2.23.20.0 A", .other),
        ("", .other),
    ]

    @Test("each real user agent gets the platform whose store it can install from", arguments: agents)
    func platform(agent: String, expected: LandingPlatform) {
        #expect(LandingPlatform(userAgent: agent) == expected)
    }

    @Test("no agent at all is other; iOS gets only the App Store, Android only Google Play, the rest both")
    func stores() {
        #expect(LandingPlatform(userAgent: nil) == .other)
        #expect(LandingPlatform.ios.offersAppStore && !LandingPlatform.ios.offersGooglePlay)
        #expect(!LandingPlatform.android.offersAppStore && LandingPlatform.android.offersGooglePlay)
        #expect(LandingPlatform.desktop.offersAppStore && LandingPlatform.desktop.offersGooglePlay)
        #expect(LandingPlatform.other.offersAppStore && LandingPlatform.other.offersGooglePlay)
    }
}
