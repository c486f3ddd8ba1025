import Testing
@testable import BatonLinks

/// The check character is linear over GF(32): whether an error is caught
/// depends only on where it is and which two values it swaps, never on the
/// other symbols. So running every position and every value pair against one
/// background payload per length is a proof, not a sample.
@Suite("Check character")
struct CheckCharacterTests {
    static let lengths = Array(InviteCode.allowedLengths)

    /// A valid code of `length` whose payload is `background` with `changes` applied.
    static func validCode(length: Int, changes: [Int: UInt8]) -> [UInt8] {
        var payload = (0..<length - 1).map { UInt8(($0 * 7 + 3) % 32) }
        for (position, value) in changes { payload[position] = value }
        return payload + [CheckCharacter.compute(for: payload)]
    }

    @Test("every single substitution at every position of every length is caught", arguments: lengths)
    func substitutions(length: Int) {
        var checked = 0
        for position in 0..<length {
            for original in UInt8(0)..<32 {
                // For the check position, vary the first payload symbol so that
                // the check character itself takes all 32 values.
                let code = position == length - 1
                    ? (0..<32).lazy.map { Self.validCode(length: length, changes: [0: UInt8($0)]) }.first { $0[position] == original }!
                    : Self.validCode(length: length, changes: [position: original])
                for replacement in UInt8(0)..<32 where replacement != original {
                    var typo = code
                    typo[position] = replacement
                    #expect(!CheckCharacter.isValid(typo), "length \(length) position \(position) \(original)→\(replacement)")
                    checked += 1
                }
            }
        }
        #expect(checked == length * 32 * 31)
    }

    @Test("every adjacent transposition of different symbols at every length is caught", arguments: lengths)
    func transpositions(length: Int) {
        var checked = 0
        for position in 0..<length - 1 {
            for left in UInt8(0)..<32 {
                for right in UInt8(0)..<32 where right != left {
                    guard let code = Self.code(length: length, with: left, at: position, then: right) else { continue }
                    var swapped = code
                    swapped.swapAt(position, position + 1)
                    #expect(!CheckCharacter.isValid(swapped), "length \(length) positions \(position),\(position + 1) \(left)↔\(right)")
                    checked += 1
                }
            }
        }
        #expect(checked == (length - 1) * 32 * 31)
    }

    /// A valid code with `left` at `position` and `right` after it; when `right`
    /// is the check character, the first payload symbol is chosen to produce it.
    static func code(length: Int, with left: UInt8, at position: Int, then right: UInt8) -> [UInt8]? {
        if position + 1 < length - 1 {
            return validCode(length: length, changes: [position: left, position + 1: right])
        }
        return (UInt8(0)..<32).lazy
            .map { validCode(length: length, changes: [0: $0, position: left]) }
            .first { $0[position] == left && $0[position + 1] == right }
    }

    @Test("the all-zero payload has the check character 0 and validates")
    func zeroPayload() {
        #expect(CheckCharacter.compute(for: [UInt8](repeating: 0, count: 9)) == 0)
        #expect(CheckCharacter.isValid([UInt8](repeating: 0, count: 10)))
    }
}
