import BatonCore
import BatonJSON
import HTTP

/// How invite failures read on the wire: 404 for an unknown invite, 422 with
/// `details.field` for a bad field, 409 for a change an invite's state or
/// redemptions forbid, 503 when no unused code could be found; an
/// unsupported `locale` is 422 with the supported tags in `details.supported`.
extension InviteError: HTTPErrorConvertible {
    public var status: Int {
        switch self {
        case .notFound: 404
        case .validationFailed, .unsupportedLocale: 422
        case .codeSpaceExhausted: 503
        case .notActive, .maxRedemptionsBelowCount: 409
        }
    }

    public var details: [String: JSONValue] {
        switch self {
        case .validationFailed(let field, _): ["field": .string(field)]
        case .maxRedemptionsBelowCount(let count): ["field": .string("max_redemptions"), "redemption_count": .int(count)]
        case .unsupportedLocale(let field):
            ["field": .string(field), "supported": .array(PageLanguage.supportedTags.map(JSONValue.string))]
        default: [:]
        }
    }
}
