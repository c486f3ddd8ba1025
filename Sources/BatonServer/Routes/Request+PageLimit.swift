import BatonCore
import HTTP

extension Request {
    /// The `limit` query parameter of a keyset-paged list, or `fallback`
    /// when the query has none (read by `PageLimit`).
    /// - Throws: `refusal(reason)`, the caller's own domain error, when the
    ///   value is not a whole number within `range`; `reason` names the range
    ///   (`must be a whole number from 1 to 100`).
    func pageLimit<Refusal: Error>(
        in range: ClosedRange<Int>, default fallback: Int, refusal: (_ reason: String) -> Refusal
    ) throws(Refusal) -> Int {
        try PageLimit.parse(queryValue("limit"), in: range, default: fallback, refusal: refusal)
    }
}
