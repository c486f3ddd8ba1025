import Foundation
import Testing

/// A hung test must fail on its own, not hold CI until its 90-minute limit.
@Suite("Suite time limits", .timeLimit(.minutes(10)))
struct SuiteTimeLimitTests {
    /// The shortest limit a suite may set. A limit counts from when the
    /// test is scheduled, and in a whole run on 2 cores a trivial test waited
    /// 152–208 s for its turn: one- and two-minute limits failed there.
    static let shortestLimit = ".timeLimit(.minutes(10))"

    /// The lines of `source` that begin with a `@Suite` attribute setting no
    /// time limit, or another than ``shortestLimit``, as `number: text`.
    static func unlimitedSuites(in source: String) -> [String] {
        source.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, line in
            let text = line.trimmingCharacters(in: .whitespaces)
            return text.hasPrefix("@Suite") && !text.contains(shortestLimit) ? "\(number + 1): \(text)" : nil
        }
    }

    @Test("every suite in Tests declares a time limit of ten minutes")
    func everySuiteIsLimited() throws {
        let sources = DeployFiles.repositoryPaths().filter { $0.hasPrefix("Tests/") && $0.hasSuffix(".swift") }
        #expect(sources.count > 200, "the test sources were not found: \(sources.count)")
        let unlimited = sources.flatMap { path in Self.unlimitedSuites(in: DeployFiles.text(path)).map { "\(path):\($0)" } }
        #expect(unlimited.isEmpty, "suites without \(Self.shortestLimit): \(unlimited)")
    }

    @Test("a suite without a limit, or with a shorter one, is found; one with ten minutes is not")
    func theCheckSeesAnUnlimitedSuite() {
        // Spelled in two parts, so this file holds no unlimited suite itself.
        let suite = "@" + "Suite"
        let source = [
            "\(suite)(\"limited\", .timeLimit(.minutes(10))) struct A {}", "\(suite)(\"unlimited\") struct B {}", "\(suite) struct C {}",
            "\(suite)(\"short\", .timeLimit(.minutes(2))) struct D {}",
        ].joined(separator: "\n")
        #expect(Self.unlimitedSuites(in: source).map { $0.prefix(2) } == ["2:", "3:", "4:"])
    }
}
