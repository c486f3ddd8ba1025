import BatonCore
import BatonJSON
import HTTP

/// 422 `invalid_redeemer`, naming the member or claim in `details.field`
/// and `hidden_character` in `details.reason`.
extension InvalidRedeemer: HTTPErrorConvertible {
    public var status: Int { 422 }
    public var details: [String: JSONValue] { ["field": .string(field), "reason": "hidden_character"] }
}
