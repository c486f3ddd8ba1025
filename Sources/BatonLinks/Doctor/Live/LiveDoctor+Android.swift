import Foundation

/// `baton doctor --android --live`: the site's asset links as Android's App
/// Links verifier fetches them.
extension LiveDoctor {
    /// Fetches `/.well-known/assetlinks.json` as the verifier does (no
    /// redirect followed, HTTP 200, `application/json`, at most
    /// ``AssetLinksValidator/sizeLimit`` bytes) and checks it with
    /// ``AssetLinksValidator/validate(_:package:fingerprints:)``. Everything
    /// that goes wrong is a finding; every finding is an error.
    public func examineAssetLinks(package: String?, fingerprints: [String]) -> DoctorReport {
        let reader = WellKnownReader(codePrefix: "assetlinks", name: "Android", limitNote: "the doctor reads at most that")
        let fetched = fetchWellKnown("/.well-known/assetlinks.json", limit: AssetLinksValidator.sizeLimit, reader: reader)
        let checked = fetched.body.map { AssetLinksValidator.validate($0, package: package, fingerprints: fingerprints) } ?? []
        return DoctorReport(findings: fetched.findings + checked)
    }
}
