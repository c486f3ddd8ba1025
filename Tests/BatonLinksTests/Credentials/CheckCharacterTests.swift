import Testing

@testable import BatonLinks

/// The check character is linear over GF(32): whether an error is caught
/// depends only on where it is and which two values it swaps, never on the
/// other symbols. So running every position and every value pair against one
/// background payload per length is a proof, not a sample.
@Suite("Check character", .timeLimit(.minutes(10)))
struct CheckCharacterTests {
    typealias Scheme = @Sendable ([UInt8]) -> UInt8

    static let lengths = Array(InviteCode.allowedLengths)
    static let gf32: Scheme = { CheckCharacter.compute(for: $0) }
    /// A plain XOR of the symbols: every weight 1. Catches substitutions, misses swaps.
    static let xorSum: Scheme = { $0.reduce(0, ^) }

    @Test("every single substitution at every position of every length is caught", arguments: lengths)
    func substitutions(length: Int) {
        let (checked, missed) = Self.substitutionErrors(length: length, scheme: Self.gf32)
        #expect(checked == length * 32 * 31)
        #expect(missed == 0)
    }

    @Test("every adjacent transposition of different symbols at every length is caught", arguments: lengths)
    func transpositions(length: Int) {
        let (checked, missed) = Self.transpositionErrors(length: length, scheme: Self.gf32)
        #expect(checked == (length - 1) * 32 * 31)
        #expect(missed == 0)
    }

    @Test("the same search finds the swaps an unweighted checksum misses, so it can fail")
    func controlScheme() {
        #expect(Self.substitutionErrors(length: 10, scheme: Self.xorSum).missed == 0)
        #expect(Self.transpositionErrors(length: 10, scheme: Self.xorSum).missed == 9 * 32 * 31)
    }

    @Test("the all-zero payload has the check character 0 and validates")
    func zeroPayload() {
        #expect(CheckCharacter.compute(for: [UInt8](repeating: 0, count: 9)) == 0)
        #expect(CheckCharacter.isValid([UInt8](repeating: 0, count: 10)))
    }

    /// Every position × every value × every other value; returns how many
    /// substitutions were tried and how many still passed the check.
    static func substitutionErrors(length: Int, scheme: Scheme) -> (checked: Int, missed: Int) {
        var checked = 0
        var missed = 0
        for position in 0..<length {
            for original in UInt8(0)..<32 {
                guard let code = validCode(length: length, scheme: scheme, with: [position: original]) else { continue }
                for replacement in UInt8(0)..<32 where replacement != original {
                    var typo = code
                    typo[position] = replacement
                    checked += 1
                    if isValid(typo, scheme: scheme) { missed += 1 }
                }
            }
        }
        return (checked, missed)
    }

    /// Every adjacent position pair × every ordered pair of different values.
    static func transpositionErrors(length: Int, scheme: Scheme) -> (checked: Int, missed: Int) {
        var checked = 0
        var missed = 0
        for position in 0..<length - 1 {
            for left in UInt8(0)..<32 {
                for right in UInt8(0)..<32 where right != left {
                    guard var code = validCode(length: length, scheme: scheme, with: [position: left, position + 1: right]) else {
                        continue
                    }
                    code.swapAt(position, position + 1)
                    checked += 1
                    if isValid(code, scheme: scheme) { missed += 1 }
                }
            }
        }
        return (checked, missed)
    }

    /// A valid code holding `values` at their positions. When one of them is
    /// the check position, the first payload symbol is varied until the check
    /// character comes out as required (it reaches all 32 values because the
    /// first position has a non-zero weight).
    static func validCode(length: Int, scheme: Scheme, with values: [Int: UInt8]) -> [UInt8]? {
        for first in UInt8(0)..<32 {
            var payload = (0..<length - 1).map { UInt8(($0 * 7 + 3) % 32) }
            payload[0] = first
            for (position, value) in values where position < length - 1 { payload[position] = value }
            let code = payload + [scheme(payload)]
            if values.allSatisfy({ code[$0.key] == $0.value }) { return code }
        }
        return nil
    }

    static func isValid(_ code: [UInt8], scheme: Scheme) -> Bool {
        scheme(Array(code.dropLast())) == code.last
    }
}
