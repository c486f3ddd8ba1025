import Testing

@testable import BatonLinks

@Suite("Smart App Banner", .timeLimit(.minutes(10)))
struct SmartAppBannerTests {
    @Test("the meta content names the app, the clip and the card display, and no app-argument")
    func content() throws {
        let banner = try SmartAppBanner(appStoreID: "1234567890", clipBundleID: "com.example.family.Clip")
        #expect(banner.content == "app-id=1234567890, app-clip-bundle-id=com.example.family.Clip, app-clip-display=card")
        #expect(!banner.metaTag.contains("app-argument"))
        #expect(banner.metaTag == #"<meta name="apple-itunes-app" content="\#(banner.content)">"#)
    }

    @Test(
        "values that would need HTML escaping are refused",
        arguments: [
            ("12\"34", "com.example.family.Clip", "app_store_id_invalid"),
            ("", "com.example.family.Clip", "app_store_id_invalid"),
            ("1234", "com.example\"><script>", "bundle_id_invalid"),
        ])
    func refused(appID: String, clip: String, code: String) {
        let error = #expect(throws: LinksConfigurationError.self) { try SmartAppBanner(appStoreID: appID, clipBundleID: clip) }
        #expect(error?.code == code)
    }
}
