extension HTTPError {
    /// 422 `duplicate_field`: a JSON object of the body names `field` twice
    /// (readers disagree on which one counts, so neither does).
    public static func duplicateField(_ field: String) -> HTTPError {
        HTTPError(
            status: 422, code: "duplicate_field", message: "The request body names a field twice.", details: ["field": .string(field)])
    }

    /// 422 `unknown_field`: the body has a member `field` the route does not
    /// know (a typo would otherwise be ignored silently).
    public static func unknownField(_ field: String) -> HTTPError {
        HTTPError(
            status: 422, code: "unknown_field", message: "The request body has a field this route does not know.",
            details: ["field": .string(field)])
    }

    /// 422 `number_out_of_range`: the number at `field` would not be read back
    /// as written (an integer beyond ±(2^53 − 1), more than 15 significant
    /// digits, or outside a double's range).
    public static func numberOutOfRange(_ field: String) -> HTTPError {
        HTTPError(
            status: 422, code: "number_out_of_range", message: "A number in the request body cannot be kept exactly.",
            details: ["field": .string(field)])
    }
}
