/// The check character of an invite code, computed in the finite field
/// GF(2^5), whose 32 elements are exactly the 32 symbol values.
///
/// A code `x₀ … xₙ₋₁` (check character last) is valid when
/// `Σ αⁿ⁻¹⁻ⁱ · xᵢ = 0`, with α a primitive element. Each position has its own
/// weight, a distinct non-zero power of α (codes have at most 16 positions and
/// α has order 31), so:
/// - a single substitution `a → b` at position i changes the sum by
///   `αʲ · (a ⊕ b)`, a product of non-zero field elements, never zero;
/// - swapping different neighbours `a, b` at positions i, i+1 changes it by
///   `(αʲ ⊕ αʲ⁺¹) · (a ⊕ b)`, non-zero because the two weights differ.
///
/// Every single substitution and adjacent transposition is therefore caught,
/// which a mod-32 weighted sum cannot promise (32 is not prime) and a mod-37
/// sum could only with five extra symbols outside the alphabet. The tests
/// check the claim exhaustively.
enum CheckCharacter {
    /// x⁵ + x² + 1, a primitive polynomial over GF(2); α is the element `x` (2).
    private static let reductionPolynomial: UInt8 = 0b10_0101

    /// The check value for `payload` (symbol values, each below 32).
    static func compute(for payload: some Collection<UInt8>) -> UInt8 {
        // Horner's rule: ((x₀·α ⊕ x₁)·α ⊕ …)·α gives x₀ the weight αⁿ⁻¹ and
        // the last payload symbol α¹; the check symbol itself has weight α⁰.
        var sum: UInt8 = 0
        for value in payload { sum = timesAlpha(sum ^ value) }
        return sum
    }

    /// Whether `values` (payload followed by its check value) is consistent.
    static func isValid(_ values: some BidirectionalCollection<UInt8>) -> Bool {
        guard let check = values.last else { return false }
        return compute(for: values.dropLast()) == check
    }

    private static func timesAlpha(_ value: UInt8) -> UInt8 {
        let shifted = value << 1
        return shifted & 0b10_0000 == 0 ? shifted : shifted ^ reductionPolynomial
    }
}
