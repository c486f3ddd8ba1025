import BatonCore
import HTTP

/// 400 for a malformed `Idempotency-Key`, 409 (with `Retry-After`) while the
/// first request with the key runs, 422 for a key reused with another body
/// or whose stored response does not open.
extension IdempotencyError: HTTPErrorConvertible {
    public var status: Int {
        switch self {
        case .invalidKey: 400
        case .inUse: 409
        case .reused, .unreadable: 422
        }
    }

    public var responseHeaders: [(name: String, value: String)] {
        self == .inUse ? [("Retry-After", "1")] : []
    }
}
