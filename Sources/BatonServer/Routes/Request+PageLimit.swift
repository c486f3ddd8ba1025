import HTTP

extension Request {
    /// The `limit` query parameter of a keyset-paged list, or `fallback`
    /// when the query has none.
    /// - Throws: `refusal(reason)`, the caller's own domain error, when the
    ///   value is not a whole number within `range`; `reason` names the range
    ///   (`must be a whole number from 1 to 100`).
    func pageLimit<Refusal: Error>(
        in range: ClosedRange<Int>, default fallback: Int, refusal: (_ reason: String) -> Refusal
    ) throws(Refusal) -> Int {
        guard let text = queryValue("limit") else { return fallback }
        guard let limit = Int(text), range.contains(limit) else {
            throw refusal("must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return limit
    }
}
