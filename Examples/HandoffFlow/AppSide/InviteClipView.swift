#if canImport(SwiftUI) && os(iOS)
import SwiftUI

/// The App Clip's screen. The system delivers the invocation URL as a
/// browsing-web user activity: on a cold launch and whenever the clip is
/// invoked again while it runs. Reopened from the App Switcher it gets none,
/// and the headline keeps asking for the link or the code.
struct InviteClipView: View {
    let clip: ClipLaunch
    @State private var headline = "Open your invite link, or type the code you were given."

    var body: some View {
        Text(headline)
            .padding()
            .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
                let url = activity.webpageURL?.absoluteString
                Task { headline = await clip.headline(for: url) }
            }
    }
}
#endif
