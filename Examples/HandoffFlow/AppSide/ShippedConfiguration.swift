import BatonClient
import BatonLinks
import Foundation

/// What the clip and the app compile in. Replace the values with your own:
/// the App Group must be spelled identically in both targets' entitlements.
enum ShippedConfiguration {
    static let baton = URL(string: "https://invites.example.com")!
    static let appGroup = "group.com.example.family"
    static let limits = InvocationLimits(allowedHosts: ["invites.example.com"], clipBundleIDs: ["com.example.family.Clip"])
}

#if os(iOS)
extension ClipLaunch {
    /// The clip with the shipped configuration and its entitled App Group.
    static func shipped() throws(FlowError) -> ClipLaunch {
        let container = try AppGroupContainer(entitled: ShippedConfiguration.appGroup)
        return ClipLaunch(
            limits: ShippedConfiguration.limits, client: BatonClient(baseURL: ShippedConfiguration.baton),
            store: try container.handoffStore()
        )
    }
}

extension AppLaunch {
    /// The full app with the shipped configuration and its entitled App Group.
    static func shipped() throws(FlowError) -> AppLaunch {
        AppLaunch(
            client: BatonClient(baseURL: ShippedConfiguration.baton),
            container: try AppGroupContainer(entitled: ShippedConfiguration.appGroup))
    }
}
#endif
