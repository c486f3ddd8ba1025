import Foundation
import Testing

@testable import BatonLinks

@Suite("Guessing arithmetic", .timeLimit(.minutes(10)))
struct GuessingArithmeticTests {
    @Test("a 10-symbol code has 45 bits and needs about 3.5 × 10^7 guesses per hit at a million live invites")
    func defaultLength() {
        let row = GuessingArithmetic(codeLength: 10, liveInvites: 1_000_000, guessesPerMinute: 10)
        #expect(row.bits == 45)
        #expect(abs(row.expectedGuessesPerHit - 35_184_372.088832) < 1e-6)
        #expect(abs(row.minutesPerHitPerAddress - 3_518_437.2088832) < 1e-6)
    }

    @Test("a 6-symbol code falls in about 34 guesses, which is why a global limit exists")
    func shortest() {
        let row = GuessingArithmetic(codeLength: 6, liveInvites: 1_000_000, guessesPerMinute: 10)
        #expect(row.bits == 25)
        #expect(abs(row.expectedGuessesPerHit - 33.554432) < 1e-9)
    }

    @Test("docs/links.md carries exactly the computed table")
    func documentMatches() throws {
        let docs = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/links.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let table = GuessingArithmetic.markdownTable()
        #expect(text.contains(table), "docs/links.md must contain:\n\(table)")
    }
}
