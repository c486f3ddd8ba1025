/// One value of a handoff header or payload. The envelope's JSON is flat, so
/// a value is a scalar: nested objects and arrays are refused by the reader.
public enum HandoffValue: Equatable, Hashable, Sendable {
    /// A string, already unescaped and checked to be valid UTF-8.
    case string(String)
    /// An integer within ±(2^53 − 1), the range every JSON reader keeps exact.
    case integer(Int64)
    /// `true` or `false`.
    case bool(Bool)
    /// JSON `null`.
    case null
}
