import Foundation

/// How hard it is to hit some live invite by guessing codes of a given length.
///
/// A guesser who knows the check scheme only tries codes that pass it, so a
/// code of length L has 5·(L−1) bits. With M live invites spread over
/// N = 32^(L−1) valid codes, each guess hits with probability M/N and a hit
/// takes N/M guesses on average. Per-address rate limits divide the pace of
/// one address only; many addresses multiply it, which is why Baton also has
/// a global limit for code-shaped credentials (NIST SP 800-63B §5.2.2).
public struct GuessingArithmetic: Equatable, Sendable {
    /// Code length, check character included.
    public let codeLength: Int
    /// Entropy of a code: 5 bits per payload symbol.
    public let bits: Int
    /// Average guesses until one matches some live invite.
    public let expectedGuessesPerHit: Double
    /// Average minutes until a hit for one address held to the rate limit.
    public let minutesPerHitPerAddress: Double

    /// The estimate for `codeLength` with `liveInvites` live invites and a
    /// per-address limit of `guessesPerMinute`.
    public init(codeLength: Int, liveInvites: Double, guessesPerMinute: Double) {
        self.codeLength = codeLength
        bits = 5 * (codeLength - 1)
        expectedGuessesPerHit = pow(2, Double(bits)) / liveInvites
        minutesPerHitPerAddress = expectedGuessesPerHit / guessesPerMinute
    }

    /// The Markdown table in `docs/links.md`, one row per allowed length; a
    /// test keeps the document and this function in agreement.
    public static func markdownTable(liveInvites: Double = 1_000_000, guessesPerMinute: Double = 10) -> String {
        var lines = [
            "| length | bits | guesses per hit | time per hit, one address at \(Int(guessesPerMinute))/min |",
            "|---:|---:|---:|---:|",
        ]
        for length in InviteCode.allowedLengths {
            let row = GuessingArithmetic(codeLength: length, liveInvites: liveInvites, guessesPerMinute: guessesPerMinute)
            lines.append(
                "| \(length) | \(row.bits) | \(scientific(row.expectedGuessesPerHit)) | \(duration(minutes: row.minutesPerHitPerAddress)) |"
            )
        }
        return lines.joined(separator: "\n")
    }

    /// `33.6` below a thousand, `3.52 × 10^7` above.
    static func scientific(_ value: Double) -> String {
        if value < 1000 { return String(format: "%.1f", value) }
        let exponent = Int(floor(log10(value)))
        return String(format: "%.2f", value / pow(10, Double(exponent))) + " × 10^\(exponent)"
    }

    /// `minutes` in the largest unit that is at least one: minutes, hours, days, years.
    static func duration(minutes: Double) -> String {
        let units: [(String, Double)] = [("minutes", 1), ("hours", 60), ("days", 1440), ("years", 525_960)]
        let (name, size) = units.last { minutes >= $0.1 } ?? units[0]
        return scientific(minutes / size) + " " + name
    }
}
