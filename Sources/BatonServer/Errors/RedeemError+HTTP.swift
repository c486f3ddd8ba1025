import BatonCore
import BatonHandoff
import BatonJSON
import HTTP

/// How preview and redemption refusals read on the wire: 404 unknown, 410
/// expired, revoked or reissued, 409 used up, handoff already spent or the inviter's own
/// invite, 403 the wrong person for a bound invite, 400 a malformed
/// code (no database lookup), 422 a refused handoff with the codec's details.
extension RedeemError: HTTPErrorConvertible {
    public var status: Int {
        switch self {
        case .notFound: 404
        case .expired, .revoked, .reissued: 410
        case .usedUp, .handoffAlreadyUsed, .selfRedemption: 409
        case .inviteeMismatch: 403
        case .invalidCredential: 400
        case .handoff: 422
        }
    }

    public var details: [String: JSONValue] {
        switch self {
        case .invalidCredential(let error): ["reason": .string(error.code)]
        case .handoff(let error): error.details
        default: [:]
        }
    }
}

/// A preview refusal: as ``RedeemError``, except that a used-up invite is
/// gone for a previewer (410), where a redeemer hears of a conflict (409).
struct PreviewRefusal: HTTPErrorConvertible {
    let error: RedeemError

    var status: Int { error == .usedUp ? 410 : error.status }
    var code: String { error.code }
    var message: String { error.message }
    var details: [String: JSONValue] { error.details }
}
