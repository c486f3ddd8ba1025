/// The Smart App Banner of the invite landing page: Safari shows the App Clip
/// card (or offers the app) from one `<meta name="apple-itunes-app">` tag.
///
/// It never sets `app-argument`: App Clips don't receive it; the clip gets
/// the page URL as its invocation URL instead, so the invite travels in the
/// URL itself.
public struct SmartAppBanner: Equatable, Sendable {
    /// The full app's numeric App Store id.
    public let appStoreID: String
    /// The App Clip's bundle identifier.
    public let clipBundleID: String

    /// A banner for the app and its clip.
    ///
    /// - Throws: ``LinksConfigurationError`` when the App Store id is not all
    ///   digits or the clip bundle identifier is malformed; values are checked
    ///   so that the tag needs no HTML escaping.
    public init(appStoreID: String, clipBundleID: String) throws(LinksConfigurationError) {
        guard !appStoreID.isEmpty, appStoreID.utf8.count <= 20,
            appStoreID.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else {
            throw .appStoreIDInvalid(appStoreID)
        }
        guard AppleIdentifiers.isBundleID(clipBundleID) else { throw .bundleIDInvalid(clipBundleID) }
        self.appStoreID = appStoreID
        self.clipBundleID = clipBundleID
    }

    /// `app-id=…, app-clip-bundle-id=…, app-clip-display=card`: the card form
    /// shows the clip's header image and action, rather than a thin banner.
    public var content: String {
        "app-id=\(appStoreID), app-clip-bundle-id=\(clipBundleID), app-clip-display=card"
    }

    /// The whole tag for the page's `<head>`.
    public var metaTag: String {
        "<meta name=\"apple-itunes-app\" content=\"\(content)\">"
    }
}
