import BatonCore
import HTTP

/// Every refused redeemer JWT is 401 `invalid_token`, with the failed check
/// in `details.reason` and the RFC 6750 challenge.
extension RedeemerTokenError: HTTPErrorConvertible {
    public var status: Int { 401 }
    public var details: [String: JSONValue] { ["reason": .string(reason)] }
    public var responseHeaders: [(name: String, value: String)] { [("WWW-Authenticate", #"Bearer error="invalid_token""#)] }
}
