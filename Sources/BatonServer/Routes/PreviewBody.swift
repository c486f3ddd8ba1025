import BatonJSON
import Foundation
import HTTP

/// `GET /v1/invites/{credential}/preview` and `POST /v1/invocations` answer
/// this; `inviter_name` is always present, `null` when the invite has none;
/// `for_specific_person` says only whether the invite is bound to an invitee;
/// `locale` is the invite's landing-page language, `null` without one, so a
/// clip can speak it too.
///
/// Written with `JSONObjectWriter` rather than `JSONEncoder`: preview is the
/// hottest public route. The bytes are the ones `JSONCoding.encode` produces.
struct PreviewBody {
    let familyName: String
    let inviterName: String?
    let expiresAt: Date
    let usesLeft: Int
    let state: String
    let handoff: String
    var forSpecificPerson = false
    var locale: String?

    /// The body's UTF-8 JSON bytes.
    func json() -> Data {
        var object = JSONObjectWriter(capacity: 160 + handoff.utf8.count + familyName.utf8.count + (inviterName?.utf8.count ?? 0))
        object.add("expires_at", expiresAt)
        object.add("family_name", familyName)
        object.add("for_specific_person", json: forSpecificPerson ? Self.trueJSON : Self.falseJSON)
        object.add("handoff", handoff)
        object.add("inviter_name", inviterName)
        object.add("locale", locale)
        object.add("state", state)
        object.add("uses_left", usesLeft)
        return object.data()
    }

    private static let trueJSON = Data("true".utf8)
    private static let falseJSON = Data("false".utf8)
}
