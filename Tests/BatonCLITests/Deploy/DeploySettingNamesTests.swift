import BatonCore
import Testing

/// Every setting the deploy files and the operations guide name is one
/// `baton` reads: a typo or a renamed setting fails here, not in production.
@Suite("deploy files name only known settings", .timeLimit(.minutes(10)))
struct DeploySettingNamesTests {
    /// Every setting, and `NAME_FILE` of the secret ones.
    static let known = Set(Setting.all.map(\.name) + Setting.all.compactMap(\.fileVariable))

    @Test(
        "every BATON_* name under deploy/ and in docs/operations.md is a setting baton knows",
        arguments: DeployFiles.allDeployPaths + ["docs/operations.md"])
    func namesAreKnown(path: String) {
        let text = DeployFiles.text(path)
        #expect(!text.isEmpty, "\(path) is missing or empty")
        let unknown = DeployFiles.mentionedSettings(in: text).subtracting(Self.known)
        #expect(unknown.isEmpty, "\(path) names settings that Setting.all lacks: \(unknown.sorted())")
    }
}
