/// The `limit` of a keyset-paged list (the API's lists, the event feed,
/// `baton events list`), and the funnel's `top`: one reader, so every
/// bounded count refuses the same texts with the same reason.
public enum PageLimit {
    /// `text` as a page size within `range`, or `fallback` when there is none.
    /// - Throws: `refusal(reason)`, the caller's own domain error, when
    ///   `text` is not a whole number within `range`; `reason` names the
    ///   range (`must be a whole number from 1 to 100`).
    public static func parse<Refusal: Error>(
        _ text: String?, in range: ClosedRange<Int>, default fallback: Int, refusal: (_ reason: String) -> Refusal
    ) throws(Refusal) -> Int {
        guard let text else { return fallback }
        guard let limit = Int(text), range.contains(limit) else {
            throw refusal("must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return limit
    }
}
