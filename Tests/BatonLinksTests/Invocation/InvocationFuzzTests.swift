import Foundation
import SafeText
import Testing

@testable import BatonLinks

/// A seeded mutation fuzzer over the URL vectors: every mutant must get a
/// verdict (no crash, no hang), render without hidden characters, carry an
/// offending value that appears in the URL as written, and, when valid,
/// resolve to a credential that parses again.
///
/// `BATON_FUZZ_ITERATIONS` (default 2,000, about 2 s in a debug build) and `BATON_FUZZ_SEED` widen a run:
/// `BATON_FUZZ_ITERATIONS=1000000 swift test --filter InvocationFuzzTests`.
@Suite("Invocation URL fuzzing", .timeLimit(.minutes(10)))
struct InvocationFuzzTests {
    static let fragments = [
        "%", "%2", "%2e", "%2E%2e", "/", "//", "/..", "/.", "?", "&", "=", "#", "@", ":", ":443", ":8443", "[", "]",
        "%E2%80%AE", "%E2%81%A6", "%C2%85", "%7F", "%00", "%0A", "%FF", "%C0%AF", "%EF%BB%BF", "%E2%80%8D",
        "\u{202E}", "\u{0}", "\n", " ", "é", "\u{2028}", "\u{E0001}", "invite", "token=", "code=", "p=",
        "appclip.apple.com", "baton.example", "0123456789ABCDEFGHJKMNPQRS", "7K3M9Q2XWW", "U", "xn--",
    ]

    @Test("mutated vectors always get a safe, consistent verdict")
    func mutants() {
        let environment = ProcessInfo.processInfo.environment
        let iterations = environment["BATON_FUZZ_ITERATIONS"].flatMap(Int.init) ?? 2_000
        var generator = SeededGenerator(state: environment["BATON_FUZZ_SEED"].flatMap(UInt64.init) ?? 0xBA70)
        let seeds = URLVectors.shared.vectors.map(\.fullURL)
        let limits = URLVectors.shared.invocationLimits
        var valid = 0
        for _ in 0..<iterations {
            var scalars = Array(seeds.randomElement(using: &generator)!.unicodeScalars)
            for _ in 0..<Int.random(in: 1...4, using: &generator) { Self.mutate(&scalars, using: &generator) }
            var url = ""
            url.unicodeScalars.append(contentsOf: scalars)
            let verdict = InvocationVerdict(checking: url, limits: limits)
            // Issues are recorded only on failure: `#expect` per mutant would dominate the run time.
            if HiddenCharacters.contains(in: verdict.humanLine) || HiddenCharacters.contains(in: verdict.jsonLine) {
                Issue.record("hidden character in the rendering of \(SafeText.escaped(url))")
            }
            switch verdict.result {
            case .success(let invocation):
                valid += 1
                if (try? Credential.parse(invocation.credential.text, codeLength: limits.codeLength)) != invocation.credential {
                    Issue.record("the credential of \(SafeText.escaped(url)) does not parse again")
                }
            case .failure(let error):
                if let value = error.value, !value.isEmpty, !url.contains(value) {
                    Issue.record("\(error.code) carries a value not in \(SafeText.escaped(url))")
                }
            }
        }
        #expect(valid > 0, "the fuzzer never produced a valid URL, so it explores too little")
    }

    static func mutate(_ scalars: inout [Unicode.Scalar], using generator: inout SeededGenerator) {
        let position = Int.random(in: 0...scalars.count, using: &generator)
        switch Int.random(in: 0..<5, using: &generator) {
        case 0:
            scalars.insert(contentsOf: fragments.randomElement(using: &generator)!.unicodeScalars, at: position)
        case 1 where position < scalars.count:
            scalars.removeSubrange(position..<min(scalars.count, position + Int.random(in: 1...8, using: &generator)))
        case 2:
            scalars.insert(Unicode.Scalar(UInt8.random(in: 0...0x7F, using: &generator)), at: position)
        case 3 where position < scalars.count:
            let piece = scalars[position..<min(scalars.count, position + 16)]
            scalars.insert(contentsOf: Array(repeating: piece, count: Int.random(in: 2...200, using: &generator)).joined(), at: position)
        default:
            scalars = Array(String(String.UnicodeScalarView(scalars)).uppercased().unicodeScalars)
        }
    }
}
