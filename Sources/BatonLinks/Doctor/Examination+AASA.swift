import Foundation

/// The AASA document must be valid and list the clip (and the app for links).
extension Examination {
    mutating func checkAASA(_ data: Data) {
        let expectation = AppLinksConfiguration.expectation(
            teamID: teamID, appBundleID: appBundleID, clipBundleID: clipBundleID, publicHost: configuration.publicHost)
        if expectation == nil {
            add(
                .warning, "aasa_expectations_skipped",
                "team id, app or clip bundle id unknown or malformed, so the AASA document was only checked for form")
        }
        findings += AASAValidator.validate(data, expecting: expectation)
    }
}
