import BatonCore
import BatonJSON
import HTTP

/// Every refused redeemer JWT is 401 `invalid_token`, with the failed check
/// in `details.reason` and the RFC 6750 challenge; but a well-signed token
/// naming its redeemer with a hidden character is that redeemer refused:
/// 422 `invalid_redeemer`, as for a body's `redeemer_id`.
extension RedeemerTokenError: HTTPErrorConvertible {
    public var status: Int {
        guard case .invalidRedeemer(let refusal) = self else { return 401 }
        return refusal.status
    }

    public var details: [String: JSONValue] {
        guard case .invalidRedeemer(let refusal) = self else { return ["reason": .string(reason)] }
        return refusal.details
    }

    public var responseHeaders: [(name: String, value: String)] {
        guard status == 401 else { return [] }
        return [("WWW-Authenticate", #"Bearer error="invalid_token""#)]
    }
}
